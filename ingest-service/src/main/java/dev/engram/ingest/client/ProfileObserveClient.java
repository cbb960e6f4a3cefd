package dev.engram.ingest.client;

import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.MutinyProfileServiceGrpc.MutinyProfileServiceStub;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ObserveResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * profile-service's {@code Observe}, with its deadline. It does not retry: the outbox retries with
 * backoff, and Observe is idempotent by episode id.
 */
@ApplicationScoped
public class ProfileObserveClient {

    private final MutinyProfileServiceStub profile;
    private final Duration deadline;

    ProfileObserveClient(@GrpcClient("profile") MutinyProfileServiceStub profile, ProfileClientConfig config) {
        this.profile = profile;
        this.deadline = config.deadline();
    }

    /** Emits how many of the episodes profile-service had not seen before, once they are queued. */
    public Uni<Integer> observe(List<StoredEpisode> episodes) {
        ObserveRequest request = ObserveRequest.newBuilder()
                .addAllEpisodes(episodes.stream().map(EpisodeMapper::toProto).toList())
                .build();
        Uni<ObserveResponse> call = profile.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .observe(request);
        return onCallerContext(call).map(ObserveResponse::getAccepted);
    }

    // gRPC may complete the call on its own threads; what follows (Hibernate Reactive) must run
    // on the Vert.x context that started it.
    private static <T> Uni<T> onCallerContext(Uni<T> call) {
        Context caller = Vertx.currentContext();
        return caller == null ? call : call.emitOn(task -> caller.runOnContext(ignored -> task.run()));
    }
}
