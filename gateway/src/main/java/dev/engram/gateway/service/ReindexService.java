package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.model.ReindexRequest;
import dev.engram.gateway.model.ReindexResponse;
import dev.engram.gateway.security.Caller;
import dev.engram.gateway.validation.AdminValidator;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Rebuilds the vector index from the stored episodes (after a change of embedding model or vector store): every
 * episode is queued for indexing again, and searches keep using the current index while it is rewritten.
 */
@ApplicationScoped
public class ReindexService {

    private final IngestClient ingest;

    public ReindexService(IngestClient ingest) {
        this.ingest = ingest;
    }

    /** A project key reindexes its own project; the bootstrap key the one named, or all when none is. */
    public Uni<ReindexResponse> reindex(Caller caller, ReindexRequest request) {
        String named = request == null ? null : request.project();
        AdminValidator.validateProjectId("project", named, false);
        String project = named != null ? named : caller.project();
        if (project != null) {
            AdminService.requireAdministers(caller, project);
        } else if (!caller.superAdmin()) {
            throw RequestRefusedException.forbidden("Only the bootstrap admin key reindexes every project.");
        }
        String scope = project == null ? "" : project;
        return ingest.reindex(dev.engram.proto.v1.ReindexRequest.newBuilder()
                        .setProject(scope)
                        .build())
                .map(queued -> new ReindexResponse(project, queued.getEpisodes()));
    }
}
