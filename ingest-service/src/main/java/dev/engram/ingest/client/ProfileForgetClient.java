package dev.engram.ingest.client;

import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.MutinyProfileServiceGrpc.MutinyProfileServiceStub;
import dev.engram.proto.v1.Scope;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * profile-service's {@code ForgetEpisodes} and {@code ForgetUser}, each call with its deadline. They
 * do not retry: the deletion relay retries with backoff, and forgetting twice is harmless.
 */
@ApplicationScoped
public class ProfileForgetClient {

    /** Ids per ForgetEpisodes call: a session's ids are sent in several calls rather than one huge message. */
    static final int IDS_PER_CALL = 1000;

    private final MutinyProfileServiceStub profile;
    private final Duration deadline;

    ProfileForgetClient(@GrpcClient("profile") MutinyProfileServiceStub profile, ProfileClientConfig config) {
        this.profile = profile;
        this.deadline = config.purgeDeadline();
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
            calls = calls.chain(
                    () -> onCallerContext(stub().forgetEpisodes(request)).replaceWithVoid());
        }
        return calls;
    }

    /** Completes once profile-service holds nothing of the user any more. */
    public Uni<Void> forgetUser(String project, String userId) {
        ForgetUserRequest request = ForgetUserRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(userId))
                .build();
        return Uni.createFrom()
                .deferred(() -> onCallerContext(stub().forgetUser(request)))
                .replaceWithVoid();
    }

    // The deadline starts when the call does, not when the chain of calls is assembled.
    private MutinyProfileServiceStub stub() {
        return profile.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    // gRPC may complete the call on its own threads; what follows (Hibernate Reactive) must run
    // on the Vert.x context that started it.
    private static <T> Uni<T> onCallerContext(Uni<T> call) {
        Context caller = Vertx.currentContext();
        return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }
}
