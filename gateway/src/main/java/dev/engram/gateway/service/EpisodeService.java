package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.mapping.EpisodeMapping;
import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.EpisodePage;
import dev.engram.gateway.model.EpisodeView;
import dev.engram.gateway.validation.RequestValidator;
import dev.engram.proto.v1.GetDeletionRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Stored episodes one by one: read, list, delete. A deletion is answered once ingest-service has purged every
 * store, or as pending (with an id to follow) when a derived store could not be reached in time.
 */
@ApplicationScoped
public class EpisodeService {

    private final RequestValidator validator;
    private final IngestClient ingest;

    public EpisodeService(RequestValidator validator, IngestClient ingest) {
        this.validator = validator;
        this.ingest = ingest;
    }

    public Uni<EpisodeView> get(String project, String userId, String episodeId) {
        validator.validateEpisodeRead(userId, episodeId);
        return ingest.getEpisode(EpisodeMapping.get(project, userId, episodeId)).map(EpisodeMapping::fromProto);
    }

    public Uni<EpisodePage> list(
            String project, String userId, String sessionId, String agentId, String cursor, String limit) {
        int pageSize = validator.validateListing(userId, sessionId, agentId, cursor, limit);
        return ingest.listEpisodes(EpisodeMapping.list(project, userId, sessionId, agentId, cursor, pageSize))
                .map(EpisodeMapping::fromProto);
    }

    public Uni<DeletionView> deleteEpisode(String project, String userId, String episodeId) {
        validator.validateDeletion(userId, null, episodeId);
        return delete(project, userId, null, episodeId);
    }

    public Uni<DeletionView> deleteSession(String project, String userId, String sessionId) {
        validator.validateDeletion(userId, sessionId, null);
        return delete(project, userId, sessionId, null);
    }

    public Uni<DeletionView> deleteUser(String project, String userId) {
        validator.validateDeletion(userId, null, null);
        return delete(project, userId, null, null);
    }

    public Uni<DeletionView> deletion(String project, String deletionId) {
        validator.validateDeletionId(deletionId);
        return ingest.getDeletion(GetDeletionRequest.newBuilder()
                        .setProject(project)
                        .setDeletionId(deletionId)
                        .build())
                .map(EpisodeMapping::fromProto);
    }

    private Uni<DeletionView> delete(String project, String userId, String sessionId, String episodeId) {
        return ingest.deleteEpisodes(EpisodeMapping.delete(project, userId, sessionId, episodeId))
                .map(EpisodeMapping::fromProto);
    }
}
