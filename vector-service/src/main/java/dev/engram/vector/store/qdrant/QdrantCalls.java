package dev.engram.vector.store.qdrant;

import com.google.common.util.concurrent.ListenableFuture;
import dev.engram.vector.store.VectorStoreUnavailableException;
import io.grpc.Status;
import io.quarkus.logging.Log;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * Every call to Qdrant goes through here: each attempt carries the configured deadline, and a call that
 * found Qdrant unavailable or slow is tried again. That is safe for every call the store makes: reads
 * have no effect, upserts are idempotent because point ids are derived from the units, and a delete
 * removes whatever its filter names, which a second time is nothing.
 */
final class QdrantCalls {

    private static final Set<Status.Code> TRANSIENT =
            EnumSet.of(Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED, Status.Code.RESOURCE_EXHAUSTED);
    private static final long BACKOFF_MILLIS = 100;

    private final Duration timeout;
    private final int attempts;

    QdrantCalls(Duration timeout, int attempts) {
        this.timeout = timeout;
        this.attempts = attempts;
    }

    /**
     * Runs {@code call} with the deadline it is given and waits for its answer; blocking, so only for
     * worker threads.
     *
     * @throws VectorStoreUnavailableException when every attempt found Qdrant unavailable or slow
     * @throws IllegalStateException when Qdrant rejected the call
     */
    <T> T call(String operation, Function<Duration, ListenableFuture<T>> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.apply(timeout).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new VectorStoreUnavailableException("interrupted while waiting for Qdrant: " + operation, e);
            } catch (ExecutionException e) {
                Status status = Status.fromThrowable(e.getCause());
                if (!TRANSIENT.contains(status.getCode())) {
                    throw new IllegalStateException(
                            "Qdrant rejected " + operation + ": " + status.getCode() + " " + status.getDescription(),
                            e.getCause());
                }
                if (attempt >= attempts) {
                    throw new VectorStoreUnavailableException(
                            operation + " failed after " + attempt + " attempts: " + status.getCode(), e.getCause());
                }
                Log.debugf("Qdrant %s: %s, attempt %d of %d", operation, status.getCode(), attempt, attempts);
                pause(attempt, operation);
            }
        }
    }

    private static void pause(int attempt, String operation) {
        try {
            Thread.sleep(BACKOFF_MILLIS * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VectorStoreUnavailableException("interrupted while retrying " + operation, e);
        }
    }
}
