package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.mapping.CorrectionMapping;
import dev.engram.gateway.mapping.DirectoryMapping;
import dev.engram.gateway.mapping.EpisodeMapping;
import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.EpisodePage;
import dev.engram.gateway.model.EpisodeView;
import dev.engram.gateway.model.SessionPage;
import dev.engram.gateway.model.UpdateEpisodeRequest;
import dev.engram.gateway.model.UpdateEpisodeResponse;
import dev.engram.gateway.model.UserPage;
import dev.engram.gateway.validation.JsonPaths;
import dev.engram.gateway.validation.RequestValidator;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/**
 * Stored episodes one by one: read, list, correct, delete. A correction with {@code wait: indexed} is answered once
 * the corrected episode is searchable, like an add. A deletion is answered once ingest-service has purged every
 * store, or as pending (with an id to follow) when a derived store could not be reached in time.
 */
@ApplicationScoped
public class EpisodeService {

    private final IngestClient ingest;
    private final IndexingWait indexing;

    public EpisodeService(IngestClient ingest, IndexingWait indexing) {
        this.ingest = ingest;
        this.indexing = indexing;
    }

    public Uni<UpdateEpisodeResponse> update(
            String project, String userId, String episodeId, UpdateEpisodeRequest request) {
        Uni<UpdateEpisodeResponse> stored = ingest.updateEpisode(
                        RequestValidator.update(project, userId, episodeId, request))
                .onFailure()
                .transform(JsonPaths.EPISODE_CHANGE::inApiTerms)
                .map(CorrectionMapping::fromProto);
        if (!request.waitsForIndexing()) {
            return stored;
        }
        Duration timeout = Duration.ofMillis(
                request.waitTimeoutMs() == null ? MemoryService.DEFAULT_WAIT_MILLIS : request.waitTimeoutMs());
        return stored.chain(updated ->
                indexing.pending(project, userId, List.of(episodeId), timeout).map(updated::withPending));
    }

    public Uni<EpisodeView> get(String project, String userId, String episodeId) {
        return ingest.getEpisode(RequestValidator.episode(project, userId, episodeId))
                .map(EpisodeMapping::fromProto);
    }

    public Uni<EpisodePage> list(
            String project, String userId, String sessionId, String agentId, String cursor, String limit) {
        return ingest.listEpisodes(RequestValidator.listing(project, userId, sessionId, agentId, cursor, limit))
                .map(EpisodeMapping::fromProto);
    }

    public Uni<UserPage> users(String project, String cursor, String limit) {
        return ingest.listUsers(RequestValidator.users(project, cursor, limit)).map(DirectoryMapping::fromProto);
    }

    public Uni<SessionPage> sessions(String project, String userId, String agentId, String cursor, String limit) {
        return ingest.listSessions(RequestValidator.sessions(project, userId, agentId, cursor, limit))
                .map(DirectoryMapping::fromProto);
    }

    public Uni<DeletionView> deleteEpisode(String project, String userId, String episodeId) {
        return delete(project, userId, null, episodeId);
    }

    public Uni<DeletionView> deleteSession(String project, String userId, String sessionId) {
        return delete(project, userId, sessionId, null);
    }

    public Uni<DeletionView> deleteUser(String project, String userId) {
        return delete(project, userId, null, null);
    }

    public Uni<DeletionView> deletion(String project, String deletionId) {
        return ingest.getDeletion(RequestValidator.deletionStatus(project, deletionId))
                .map(EpisodeMapping::fromProto);
    }

    private Uni<DeletionView> delete(String project, String userId, String sessionId, String episodeId) {
        return ingest.deleteEpisodes(RequestValidator.deletion(project, userId, sessionId, episodeId))
                .map(EpisodeMapping::fromProto);
    }
}
