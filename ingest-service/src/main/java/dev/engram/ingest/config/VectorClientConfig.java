package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Calls to vector-service (gRPC client {@code vector}). */
@ConfigMapping(prefix = "engram.vector")
public interface VectorClientConfig {

    /**
     * Deadline of one {@code Index} call. Indexing embeds every sentence of a batch (up to
     * {@code engram.outbox.batch-size} episodes), so this is generous; a call that runs out is
     * retried by the outbox. Must stay below {@code engram.outbox.lease}.
     */
    @WithDefault("30s")
    Duration deadline();

    /**
     * Deadline of one {@code Delete} call, which removes a deletion's episodes from the index. A
     * deletion waits this long for vector-service before it answers PENDING and leaves the purge to
     * be retried. Must stay below {@code engram.deletion.lease}.
     */
    @WithDefault("5s")
    Duration purgeDeadline();
}
