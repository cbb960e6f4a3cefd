package dev.engram.gateway.health;

import dev.engram.grpc.call.DetachedCall;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import grpc.health.v1.MutinyHealthGrpc.MutinyHealthStub;
import io.grpc.Deadline;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Asks a service behind the gateway, over the gRPC health protocol, whether it is serving. The probe shares its
 * connection with the requests, so a probe that times out is given up without resetting its stream ({@link
 * DetachedCall}).
 */
final class DependencyProbe {

    private DependencyProbe() {}

    /** "UP" when the service answers SERVING within the timeout, else what went wrong, never a failure. */
    static Uni<String> check(MutinyHealthStub health, Duration timeout) {
        return Uni.createFrom()
                .deferred(() -> DetachedCall.call(
                        health,
                        Deadline.after(timeout.toMillis(), TimeUnit.MILLISECONDS),
                        stub -> stub.check(HealthCheckRequest.getDefaultInstance())))
                .map(answer -> answer.getStatus() == ServingStatus.SERVING
                        ? "UP"
                        : answer.getStatus().name())
                .onFailure()
                .recoverWithItem(failure ->
                        io.grpc.Status.fromThrowable(failure).getCode().name());
    }
}
