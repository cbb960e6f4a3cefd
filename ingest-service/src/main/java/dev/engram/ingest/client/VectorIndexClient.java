package dev.engram.ingest.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.MutinyVectorServiceGrpc.MutinyVectorServiceStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorDeleteRequest;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * vector-service's {@code Index} and {@code Delete}, under the call policy of the peer {@code vector}
 * ({@code engram.clients.vector.methods.index|delete.deadline}). Neither is retried here: the outbox and the
 * deletion relay retry durably with backoff, and both calls are idempotent by episode id.
 */
@ApplicationScoped
public class VectorIndexClient {

    /** Ids per Delete call: a session's ids are sent in several calls rather than one huge message. */
    static final int IDS_PER_CALL = 1000;

    private final MutinyVectorServiceStub vector;
    private final CallPolicy policy;

    VectorIndexClient(@GrpcClient("vector") MutinyVectorServiceStub vector, CallPolicies policies) {
        this.vector = vector;
        this.policy = policies.to("vector");
    }

    /** Emits how many episodes vector-service indexed, once they are durably indexed. */
    public Uni<Integer> index(List<StoredEpisode> episodes) {
        IndexRequest request = IndexRequest.newBuilder()
                .addAllEpisodes(episodes.stream().map(EpisodeMapper::toProto).toList())
                .build();
        return policy.callOnce("index", vector, stub -> stub.index(request)).map(IndexResponse::getIndexed);
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

    private Uni<Void> delete(VectorDeleteRequest request) {
        return policy.callOnce("delete", vector, stub -> stub.delete(request)).replaceWithVoid();
    }
}
