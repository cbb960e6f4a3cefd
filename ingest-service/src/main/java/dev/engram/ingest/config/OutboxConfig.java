package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the transactional outbox is relayed to the derived stores. */
@ConfigMapping(prefix = "engram.outbox")
public interface OutboxConfig {

    /**
     * How often the relay looks for due rows (retries, rows of other replicas). New episodes do
     * not wait for it: adding them starts a run at once. Quarkus's scheduler checks its triggers
     * once a second, so shorter intervals behave like one second.
     */
    @WithDefault("1s")
    Duration interval();

    /**
     * Rows claimed at once; each claim becomes one call to the target service, which must embed
     * them all within its deadline (32 episodes of 32 KiB fit in 30 s on two cores).
     */
    @WithDefault("32")
    int batchSize();

    /**
     * How long claimed rows stay hidden from other relays (other replicas, or this one after a
     * crash). Must exceed {@code engram.clients.vector.methods.index.deadline}, else a slow call's rows are delivered
     * twice at once; startup fails when it does not.
     */
    @WithDefault("90s")
    Duration lease();

    /**
     * How often vector-service may refuse a row delivered on its own (any failure but an outage,
     * a timeout or overload) before the row is parked: kept, counted as pending, never retried.
     */
    @WithDefault("10")
    int maxAttempts();

    /** Delay before the first retry of a failed delivery; doubles with every further failure. */
    @WithDefault("500ms")
    Duration initialBackoff();

    /** Upper bound of the retry delay, so a recovered target is reached again soon. */
    @WithDefault("1m")
    Duration maxBackoff();

    /**
     * Episodes queued per transaction by {@code Reindex}, so that reindexing a large project never
     * holds one long transaction.
     */
    @WithDefault("1000")
    int reindexBatchSize();

    /** How often the {@code engram_outbox_pending} gauge is recounted. */
    @WithDefault("5s")
    Duration gaugeInterval();
}
