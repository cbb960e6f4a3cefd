package dev.engram.gateway.health;

import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import grpc.health.v1.MutinyHealthGrpc.MutinyHealthStub;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Asks a service behind the gateway, over the gRPC health protocol, whether it is serving. */
final class DependencyProbe {

    private DependencyProbe() {}

    /** "UP" when the service answers SERVING within the timeout, else what went wrong, never a failure. */
    static Uni<String> check(MutinyHealthStub health, Duration timeout) {
        return Uni.createFrom()
                .deferred(() -> health.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        .check(HealthCheckRequest.getDefaultInstance()))
                .map(answer -> answer.getStatus() == ServingStatus.SERVING
                        ? "UP"
                        : answer.getStatus().name())
                .onFailure()
                .recoverWithItem(failure ->
                        io.grpc.Status.fromThrowable(failure).getCode().name());
    }
}
