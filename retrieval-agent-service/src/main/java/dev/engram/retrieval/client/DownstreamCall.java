package dev.engram.retrieval.client;

import dev.engram.retrieval.config.DownstreamConfig;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/** The policy every outbound call shares: retry a peer that is briefly away, name the peer on failure. */
final class DownstreamCall {

    private DownstreamCall() {}

    /**
     * Runs {@code attempt} under the policy. The supplier is called once per attempt so that each
     * attempt gets a fresh deadline.
     */
    static <T> Uni<T> call(String service, DownstreamConfig.Call config, Supplier<Uni<? extends T>> attempt) {
        Uni<T> call = Uni.createFrom().<T>deferred(attempt);
        if (config.retries() > 0) {
            call = call.onFailure(DownstreamCall::isUnavailable)
                    .retry()
                    .withBackOff(config.retryBackoff())
                    .atMost(config.retries());
        }
        return call.onFailure().transform(failure -> new DownstreamFailure(service, failure));
    }

    private static boolean isUnavailable(Throwable failure) {
        return Status.fromThrowable(failure).getCode() == Status.Code.UNAVAILABLE;
    }
}
