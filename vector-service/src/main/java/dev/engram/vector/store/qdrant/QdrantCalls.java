package dev.engram.vector.store.qdrant;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import dev.engram.grpc.call.CallFailure;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.vector.store.VectorStoreUnavailableException;
import io.grpc.Deadline;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every call to Qdrant goes through here, under the platform's call policy for the peer {@code qdrant}
 * ({@code engram.clients.qdrant.*}): each attempt gets what is left of the call's deadline, and a call that found
 * Qdrant away or overloaded is tried again within it. That is safe for every call the store makes: reads have no
 * effect, upserts are idempotent because point ids are derived from the units, and a delete removes whatever its
 * filter names, which a second time is nothing.
 */
final class QdrantCalls {

    private static final Predicate<Throwable> BRIEFLY_AWAY =
            failure -> switch (Status.fromThrowable(failure).getCode()) {
                case UNAVAILABLE, RESOURCE_EXHAUSTED -> true;
                default -> false;
            };

    private final CallPolicy policy;

    QdrantCalls(CallPolicy policy) {
        this.policy = policy.retryingWhen(BRIEFLY_AWAY);
    }

    /**
     * Runs {@code call}, given the time its attempt has, and waits for its answer; blocking, so only for worker
     * threads.
     *
     * @throws VectorStoreUnavailableException when Qdrant stayed unavailable or slow for the whole deadline
     * @throws IllegalStateException when Qdrant rejected the call
     */
    <T> T call(String operation, Function<Duration, ListenableFuture<T>> call) {
        return await(operation, policy.call(method(operation), deadline -> attempt(call, deadline)));
    }

    /** As {@link #call}, with a single attempt: a health probe should answer within its own deadline. */
    <T> T callOnce(String operation, Function<Duration, ListenableFuture<T>> call) {
        return await(operation, policy.callOnce(method(operation), deadline -> attempt(call, deadline)));
    }

    private static <T> Uni<T> attempt(Function<Duration, ListenableFuture<T>> call, Deadline deadline) {
        ListenableFuture<T> answer = call.apply(CallPolicy.timeLeft(deadline));
        return Uni.createFrom()
                .emitter(emitter -> Futures.addCallback(
                        answer,
                        new FutureCallback<T>() {
                            @Override
                            public void onSuccess(T result) {
                                emitter.complete(result);
                            }

                            @Override
                            public void onFailure(Throwable failure) {
                                emitter.fail(failure);
                            }
                        },
                        MoreExecutors.directExecutor()));
    }

    private static <T> T await(String operation, Uni<T> call) {
        try {
            return call.await().indefinitely();
        } catch (CallFailure failure) {
            Status status = failure.getStatus();
            if (CallFailure.isTransient(failure)) {
                throw new VectorStoreUnavailableException(
                        "Qdrant could not " + operation + ": " + status.getCode(), failure);
            }
            throw new IllegalStateException(
                    "Qdrant rejected " + operation + ": " + status.getCode() + " " + status.getDescription(), failure);
        }
    }

    /** The operation as the method label of {@code engram_client_calls_seconds}. */
    private static String method(String operation) {
        return operation.replace(' ', '-');
    }
}
