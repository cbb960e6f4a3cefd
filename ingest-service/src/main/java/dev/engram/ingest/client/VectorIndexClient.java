package dev.engram.ingest.client;

import dev.engram.ingest.config.VectorClientConfig;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * vector-service's {@code Index}, with its deadline. It does not retry: the outbox retries with
 * backoff, and re-indexing is idempotent by episode id.
 */
@ApplicationScoped
public class VectorIndexClient {

    private final MutinyVectorServiceStub vector;
    private final Duration deadline;

    VectorIndexClient(@GrpcClient("vector") MutinyVectorServiceStub vector, VectorClientConfig config) {
        this.vector = vector;
        this.deadline = config.deadline();
    }

    /** Emits how many episodes vector-service indexed, once they are durably indexed. */
    public Uni<Integer> index(List<StoredEpisode> episodes) {
        IndexRequest request = IndexRequest.newBuilder()
                .addAllEpisodes(episodes.stream().map(EpisodeMapper::toProto).toList())
                .build();
        Uni<IndexResponse> call = vector.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .index(request);
        return onCallerContext(call).map(IndexResponse::getIndexed);
    }

    // gRPC may complete the call on its own threads; what follows (Hibernate Reactive) must run
    // on the Vert.x context that started it.
    private static <T> Uni<T> onCallerContext(Uni<T> call) {
        Context caller = Vertx.currentContext();
        return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }
}
