package dev.engram.retrieval.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** vector-service: hybrid search over the indexed episodes of one user. Both calls are reads. */
@ApplicationScoped
public class VectorClient {

    private final MutinyVectorServiceStub stub;
    private final CallPolicy calls;

    public VectorClient(@GrpcClient("vector") MutinyVectorServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("vector");
    }

    /** Hits best first; an empty list when nothing matched. */
    public Uni<List<VectorHit>> search(Scope scope, String query, int limit, SearchFilter filter) {
        VectorSearchRequest request = VectorSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return calls.call("Search", stub, vector -> vector.search(request)).map(VectorSearchResponse::getHitsList);
    }

    /** Episode id -> best similarity by meaning to the query, in [0, 1]; unknown episodes are absent. */
    public Uni<Map<String, Float>> similarity(Scope scope, String query, Collection<String> episodeIds) {
        SimilarityRequest request = SimilarityRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .addAllEpisodeIds(episodeIds)
                .build();
        return calls.call("Similarity", stub, vector -> vector.similarity(request))
                .map(SimilarityResponse::getSimilarityMap);
    }
}
