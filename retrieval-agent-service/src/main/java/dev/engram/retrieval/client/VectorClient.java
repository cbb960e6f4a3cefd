package dev.engram.retrieval.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.grpc.contract.FieldRule;
import dev.engram.proto.v1.GraphSearchRequest;
import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import dev.engram.proto.v1.NavigateRequest;
import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.ReconstructSearchRequest;
import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SegTreeSearchRequest;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.SegmentsRequest;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** vector-service: hybrid, graph and segment-tree search over the indexed episodes of one user. Every call is a read. */
@ApplicationScoped
public class VectorClient {

    /** The most episode ids one Similarity request may carry, as the contract declares it. */
    static final int SIMILARITY_BATCH = FieldRule.of(
                    SimilarityRequest.getDescriptor().findFieldByName("episode_ids"))
            .maxItems();

    private final MutinyVectorServiceStub stub;
    private final CallPolicy calls;

    public VectorClient(@GrpcClient("vector") MutinyVectorServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("vector");
    }

    /**
     * Hits best first; an empty list when nothing matched. Ranked by the meaning of {@code meaningQuery} instead of
     * {@code query} when it is not blank.
     */
    public Uni<List<VectorHit>> search(Scope scope, String query, String meaningQuery, int limit, SearchFilter filter) {
        VectorSearchRequest request = VectorSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setMeaningQuery(meaningQuery)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return calls.call("Search", stub, vector -> vector.search(request)).map(VectorSearchResponse::getHitsList);
    }

    /** Graph recall: the episodes of the facts the query hit, and of those the walk ranked highest. */
    public Uni<GraphSearchResponse> graphSearch(Scope scope, String query, int limit, SearchFilter filter) {
        GraphSearchRequest request = GraphSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return calls.call("GraphSearch", stub, vector -> vector.graphSearch(request));
    }

    /** Segment-tree recall: the episodes whose leaves scored highest after propagation along the trees. */
    public Uni<SegTreeSearchResponse> segTreeSearch(Scope scope, String query, int limit, SearchFilter filter) {
        SegTreeSearchRequest request = SegTreeSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return calls.call("SegTreeSearch", stub, vector -> vector.segTreeSearch(request));
    }

    /** Memory reconstruction: the episodes of the contents the navigator opened, best evidence first. */
    public Uni<ReconstructSearchResponse> reconstructSearch(Scope scope, String query, int limit, SearchFilter filter) {
        ReconstructSearchRequest request = ReconstructSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return calls.call("ReconstructSearch", stub, vector -> vector.reconstructSearch(request));
    }

    /**
     * One step of a reconstruction the agent navigates: the actions carried out on the user's cue-tag-content
     * graph, and the episodes of the facts opened so far, in their order.
     */
    public Uni<NavigateResponse> navigate(
            Scope scope,
            String query,
            int limit,
            SearchFilter filter,
            List<NavigationAction> actions,
            List<String> opened,
            int contentsPerAction) {
        NavigateRequest request = NavigateRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .addAllActions(actions)
                .addAllOpened(opened)
                .setContentsPerAction(contentsPerAction)
                .build();
        return calls.call("Navigate", stub, vector -> vector.navigate(request));
    }

    /** Episode id -> the episodes of its segment in its session's segment tree; absent without a tree. */
    public Uni<Map<String, List<String>>> segments(Scope scope, List<String> episodeIds) {
        SegmentsRequest request = SegmentsRequest.newBuilder()
                .setScope(scope)
                .addAllEpisodeIds(episodeIds)
                .build();
        return calls.call("Segments", stub, vector -> vector.segments(request)).map(response -> {
            Map<String, List<String>> segments = new HashMap<>();
            response.getSegmentsMap().forEach((episode, segment) -> segments.put(episode, segment.getEpisodeIdsList()));
            return segments;
        });
    }

    /**
     * Episode id -> best similarity by meaning to the query, in [0, 1]; unknown episodes are absent. Asks in
     * batches of as many ids as the contract lets one request carry; large {@code top_k} and wide neighbourhoods
     * exceed it.
     */
    public Uni<Map<String, Float>> similarity(Scope scope, String query, Collection<String> episodeIds) {
        List<String> ids = List.copyOf(new LinkedHashSet<>(episodeIds));
        List<Uni<Map<String, Float>>> batches = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += SIMILARITY_BATCH) {
            SimilarityRequest request = SimilarityRequest.newBuilder()
                    .setScope(scope)
                    .setQuery(query)
                    .addAllEpisodeIds(ids.subList(from, Math.min(ids.size(), from + SIMILARITY_BATCH)))
                    .build();
            batches.add(calls.call("Similarity", stub, vector -> vector.similarity(request))
                    .map(SimilarityResponse::getSimilarityMap));
        }
        if (batches.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return Uni.join().all(batches).andFailFast().map(maps -> {
            Map<String, Float> all = new HashMap<>();
            maps.forEach(all::putAll);
            return all;
        });
    }
}
