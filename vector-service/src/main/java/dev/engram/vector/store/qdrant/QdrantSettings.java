package dev.engram.vector.store.qdrant;

import dev.engram.vector.store.HybridSettings;
import java.time.Duration;

/**
 * How the Qdrant store talks to its collection.
 *
 * @param collection the collection of the configured embedding model
 * @param dimension the length of the model's vectors
 * @param timeout the deadline of every call ({@code engram.clients.qdrant.deadline}), also sent as Qdrant's own
 *     timeout
 * @param upsertBatchSize points sent per write request
 * @param hybrid how the dense and sparse rankings are fused
 */
public record QdrantSettings(
        String collection, int dimension, Duration timeout, int upsertBatchSize, HybridSettings hybrid) {

    public QdrantSettings {
        if (collection.isBlank()) {
            throw new IllegalArgumentException("collection must not be blank");
        }
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be positive, was " + dimension);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        if (upsertBatchSize < 1) {
            throw new IllegalArgumentException("upsertBatchSize must be positive, was " + upsertBatchSize);
        }
    }

    /** The deadline as Qdrant's server-side timeout, in whole seconds, so the server gives up no later. */
    long timeoutSeconds() {
        return Math.max(1, (timeout.toMillis() + 999) / 1000);
    }
}
