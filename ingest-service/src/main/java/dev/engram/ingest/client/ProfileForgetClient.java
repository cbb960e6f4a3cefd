package dev.engram.ingest.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.MutinyProfileServiceGrpc.MutinyProfileServiceStub;
import dev.engram.proto.v1.Scope;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * profile-service's {@code ForgetEpisodes} and {@code ForgetUser}, under the call policy of the peer {@code
 * profile} ({@code engram.clients.profile.methods.forget-episodes|forget-user.deadline}). They are not retried
 * here: the deletion relay retries durably with backoff, and forgetting twice is harmless.
 */
@ApplicationScoped
public class ProfileForgetClient {

    /** Ids per ForgetEpisodes call: a session's ids are sent in several calls rather than one huge message. */
    static final int IDS_PER_CALL = 1000;

    private final MutinyProfileServiceStub profile;
    private final CallPolicy policy;

    ProfileForgetClient(@GrpcClient("profile") MutinyProfileServiceStub profile, CallPolicies policies) {
        this.profile = profile;
        this.policy = policies.to("profile");
    }

    /** Completes once profile-service has dropped the episodes from its evidence and its queue. */
    public Uni<Void> forgetEpisodes(String project, String userId, List<String> episodeIds) {
        Scope scope = Scope.newBuilder().setProject(project).setUserId(userId).build();
        Uni<Void> calls = Uni.createFrom().voidItem();
        for (int from = 0; from < episodeIds.size(); from += IDS_PER_CALL) {
            ForgetEpisodesRequest request = ForgetEpisodesRequest.newBuilder()
                    .setScope(scope)
                    .addAllEpisodeIds(episodeIds.subList(from, Math.min(from + IDS_PER_CALL, episodeIds.size())))
                    .build();
            calls = calls.chain(() -> policy.callOnce("forget-episodes", profile, stub -> stub.forgetEpisodes(request))
                    .replaceWithVoid());
        }
        return calls;
    }

    /** Completes once profile-service holds nothing of the user any more. */
    public Uni<Void> forgetUser(String project, String userId) {
        ForgetUserRequest request = ForgetUserRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(userId))
                .build();
        return policy.callOnce("forget-user", profile, stub -> stub.forgetUser(request))
                .replaceWithVoid();
    }
}
