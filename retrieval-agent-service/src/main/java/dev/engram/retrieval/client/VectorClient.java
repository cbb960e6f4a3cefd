package dev.engram.retrieval.client;

import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SimilarityRequest;
import dev.engram.proto.v1.SimilarityResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.retrieval.config.DownstreamConfig;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** vector-service: hybrid search over the indexed episodes of one user. */
@ApplicationScoped
public class VectorClient {

    static final String SERVICE = "vector-service";

    private final MutinyVectorServiceStub stub;
    private final DownstreamConfig.Call config;

    public VectorClient(@GrpcClient("vector") MutinyVectorServiceStub stub, DownstreamConfig config) {
        this.stub = stub;
        this.config = config.vector();
    }

    /** Hits best first; an empty list when nothing matched. */
    public Uni<List<VectorHit>> search(Scope scope, String query, int limit, SearchFilter filter) {
        VectorSearchRequest request = VectorSearchRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .setLimit(limit)
                .setFilter(filter)
                .build();
        return DownstreamCall.call(
                        SERVICE,
                        config,
                        () -> stub.withDeadlineAfter(config.deadline().toMillis(), TimeUnit.MILLISECONDS)
                                .search(request))
                .map(VectorSearchResponse::getHitsList);
    }

    /** Episode id -> best similarity by meaning to the query, in [0, 1]; unknown episodes are absent. */
    public Uni<Map<String, Float>> similarity(Scope scope, String query, Collection<String> episodeIds) {
        SimilarityRequest request = SimilarityRequest.newBuilder()
                .setScope(scope)
                .setQuery(query)
                .addAllEpisodeIds(episodeIds)
                .build();
        return DownstreamCall.call(
                        SERVICE,
                        config,
                        () -> stub.withDeadlineAfter(config.deadline().toMillis(), TimeUnit.MILLISECONDS)
                                .similarity(request))
                .map(SimilarityResponse::getSimilarityMap);
    }

    /** How long a caller should wait at most for one call with its retries. */
    public Duration patience() {
        return config.deadline().plus(config.retryBackoff()).multipliedBy(config.retries() + 1L);
    }
}
