package dev.engram.gateway.client;

import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.function.Supplier;

/** Bounded retry of calls that are safe to repeat: reads, and writes whose repetition changes nothing. */
final class Retries {

    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);

    private Retries() {}

    /**
     * Subscribes to a fresh call per attempt, so every attempt gets its own deadline. Only UNAVAILABLE is
     * retried: after DEADLINE_EXCEEDED the caller's time budget is spent anyway.
     */
    static <T> Uni<T> retryWhenUnavailable(Supplier<Uni<? extends T>> call, int retries) {
        Uni<T> once = Uni.createFrom().deferred(call);
        if (retries <= 0) {
            return once;
        }
        return once.onFailure(Retries::isUnavailable)
                .retry()
                .withBackOff(FIRST_BACKOFF)
                .atMost(retries);
    }

    private static boolean isUnavailable(Throwable failure) {
        return Status.fromThrowable(failure).getCode() == Status.Code.UNAVAILABLE;
    }
}
