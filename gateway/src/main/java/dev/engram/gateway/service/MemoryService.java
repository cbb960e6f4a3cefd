package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.client.RetrievalClient;
import dev.engram.gateway.mapping.AddMapping;
import dev.engram.gateway.mapping.SearchMapping;
import dev.engram.gateway.mapping.ShortTermMapping;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.AddMemoriesResponse;
import dev.engram.gateway.model.EpisodeOutcome;
import dev.engram.gateway.model.MemoryStatus;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchResponse;
import dev.engram.gateway.model.ShortTermView;
import dev.engram.gateway.validation.JsonPaths;
import dev.engram.gateway.validation.RequestValidator;
import dev.engram.proto.v1.AddEpisodesRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * The memory operations of the public API: every request is validated in full before anything is sent
 * downstream, then scoped to the caller's project.
 */
@ApplicationScoped
public class MemoryService {

    /** How long {@code wait: indexed} waits when the request does not say. */
    static final long DEFAULT_WAIT_MILLIS = 10_000;

    private final IngestClient ingest;
    private final RetrievalClient retrieval;
    private final ProfileService profiles;
    private final IndexingWait indexing;

    public MemoryService(
            IngestClient ingest, RetrievalClient retrieval, ProfileService profiles, IndexingWait indexing) {
        this.ingest = ingest;
        this.retrieval = retrieval;
        this.profiles = profiles;
        this.indexing = indexing;
    }

    /**
     * Stores the episodes; with {@code wait: indexed}, answers once they are searchable or the wait is over, and
     * then lists those still pending.
     */
    public Uni<AddMemoriesResponse> add(String project, AddMemoriesRequest request) {
        AddEpisodesRequest proto = RequestValidator.add(project, request);
        Uni<AddMemoriesResponse> stored = ingest.addEpisodes(proto)
                .onFailure()
                .transform(JsonPaths.SCOPED::inApiTerms)
                .map(response -> AddMapping.fromProto(response, proto.getEpisodesCount()));
        if (!request.waitsForIndexing()) {
            return stored;
        }
        Duration timeout =
                Duration.ofMillis(request.waitTimeoutMs() == null ? DEFAULT_WAIT_MILLIS : request.waitTimeoutMs());
        return stored.chain(added -> indexing.pending(
                        project,
                        request.userId(),
                        added.episodes().stream().map(EpisodeOutcome::id).toList(),
                        timeout)
                .map(added::withPending));
    }

    /**
     * A search that includes the profile reads it beside the retrieval call, not after it; the profile read
     * never fails the search (see {@link ProfileService#forSearch}).
     */
    public Uni<SearchResponse> search(String project, SearchRequest request) {
        Uni<SearchResponse> episodic = retrieval
                .search(RequestValidator.search(project, request))
                .onFailure()
                .transform(JsonPaths.SEARCH::inApiTerms)
                .map(response -> SearchMapping.fromProto(request, response));
        if (!SearchMapping.wantsProfile(request)) {
            return episodic;
        }
        return Uni.combine()
                .all()
                .unis(episodic, profiles.forSearch(project, request))
                .with((answer, profile) -> answer.withProfile(profile.entries(), profile.warning()));
    }

    public Uni<MemoryStatus> status(String project, String userId) {
        return ingest.getStatus(RequestValidator.status(project, userId))
                .map(status -> new MemoryStatus(userId, status.getStored(), status.getIndexed(), status.getPending()));
    }

    /** An unknown session has an empty short-term memory, not a 404: it may simply not have started yet. */
    public Uni<ShortTermView> shortTerm(String project, String sessionId, String userId, String agentId) {
        return ingest.getShortTerm(RequestValidator.shortTerm(project, sessionId, userId, agentId))
                .map(ShortTermMapping::fromProto);
    }
}
