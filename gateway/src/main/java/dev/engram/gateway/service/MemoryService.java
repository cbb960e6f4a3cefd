package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.client.RetrievalClient;
import dev.engram.gateway.mapping.AddMapping;
import dev.engram.gateway.mapping.SearchMapping;
import dev.engram.gateway.mapping.ShortTermMapping;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.AddMemoriesResponse;
import dev.engram.gateway.model.MemoryStatus;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.model.ShortTermView;
import dev.engram.gateway.validation.RequestValidator;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.Scope;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The memory operations of the public API: every request is validated in full before anything is sent
 * downstream, then scoped to the caller's project.
 */
@ApplicationScoped
public class MemoryService {

    private final RequestValidator validator;
    private final SearchMapping searchMapping;
    private final IngestClient ingest;
    private final RetrievalClient retrieval;
    private final ProfileService profiles;

    public MemoryService(
            RequestValidator validator,
            SearchMapping searchMapping,
            IngestClient ingest,
            RetrievalClient retrieval,
            ProfileService profiles) {
        this.validator = validator;
        this.searchMapping = searchMapping;
        this.ingest = ingest;
        this.retrieval = retrieval;
        this.profiles = profiles;
    }

    public Uni<AddMemoriesResponse> add(String project, AddMemoriesRequest request) {
        validator.validateAdd(request);
        int requested = request.episodes().size();
        return ingest.addEpisodes(AddMapping.toProto(project, request))
                .map(response -> AddMapping.fromProto(response, requested));
    }

    /**
     * A search that includes the profile reads it beside the retrieval call, not after it; the profile read
     * never fails the search (see {@link ProfileService#forSearch}).
     */
    public Uni<SearchResponse> search(String project, SearchRequest request) {
        validator.validateSearch(request);
        Uni<SearchResponse> episodic = retrieval
                .search(searchMapping.toProto(project, request))
                .map(response -> searchMapping.fromProto(request, response));
        if (!SearchMapping.wantsProfile(request)) {
            return episodic;
        }
        return Uni.combine()
                .all()
                .unis(episodic, profiles.forSearch(project, request))
                .with((answer, profile) -> answer.withProfile(profile.entries(), profile.warning()));
    }

    public Uni<MemoryStatus> status(String project, String userId) {
        validator.validateStatus(userId);
        GetStatusRequest request = GetStatusRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(userId))
                .build();
        return ingest.getStatus(request)
                .map(status -> new MemoryStatus(userId, status.getStored(), status.getIndexed(), status.getPending()));
    }

    /** An unknown session has an empty short-term memory, not a 404: it may simply not have started yet. */
    public Uni<ShortTermView> shortTerm(String project, String sessionId, String userId, String agentId) {
        validator.validateShortTerm(sessionId, userId, agentId);
        return ingest.getShortTerm(ShortTermMapping.toProto(project, sessionId, userId, agentId))
                .map(ShortTermMapping::fromProto);
    }
}
