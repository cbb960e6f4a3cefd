package dev.engram.ingest.client;

import dev.engram.ingest.config.VectorClientConfig;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorDeleteRequest;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * vector-service's {@code Index} and {@code Delete}, each with its deadline. Neither retries: the
 * outbox and the deletion relay retry with backoff, and both calls are idempotent by episode id.
 */
@ApplicationScoped
public class VectorIndexClient {

    /** Ids per Delete call: a session's ids are sent in several calls rather than one huge message. */
    static final int IDS_PER_CALL = 1000;

    private final MutinyVectorServiceStub vector;
    private final Duration deadline;
    private final Duration purgeDeadline;

    VectorIndexClient(@GrpcClient("vector") MutinyVectorServiceStub vector, VectorClientConfig config) {
        this.vector = vector;
        this.deadline = config.deadline();
        this.purgeDeadline = config.purgeDeadline();
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

    /**
     * Removes from the index the listed episodes of the user, or when none are listed the session
     * (when {@code sessionId} is not null) or the whole user. Completes once vector-service has.
     */
    public Uni<Void> delete(String project, String userId, String sessionId, List<String> episodeIds) {
        Scope.Builder scope = Scope.newBuilder().setProject(project).setUserId(userId);
        if (sessionId != null && episodeIds.isEmpty()) {
            scope.setSessionId(sessionId);
        }
        if (episodeIds.isEmpty()) {
            return delete(VectorDeleteRequest.newBuilder().setScope(scope).build());
        }
        Uni<Void> calls = Uni.createFrom().voidItem();
        for (int from = 0; from < episodeIds.size(); from += IDS_PER_CALL) {
            List<String> chunk = episodeIds.subList(from, Math.min(from + IDS_PER_CALL, episodeIds.size()));
            VectorDeleteRequest request = VectorDeleteRequest.newBuilder()
                    .setScope(scope)
                    .addAllEpisodeIds(chunk)
                    .build();
            calls = calls.chain(() -> delete(request));
        }
        return calls;
    }

    // The deadline starts when the call does, not when the chain of calls is assembled.
    private Uni<Void> delete(VectorDeleteRequest request) {
        return Uni.createFrom()
                .deferred(() -> onCallerContext(purging().delete(request)))
                .replaceWithVoid();
    }

    private MutinyVectorServiceStub purging() {
        return vector.withDeadlineAfter(purgeDeadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    // gRPC may complete the call on its own threads; what follows (Hibernate Reactive) must run
    // on the Vert.x context that started it.
    private static <T> Uni<T> onCallerContext(Uni<T> call) {
        Context caller = Vertx.currentContext();
        return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }
}
