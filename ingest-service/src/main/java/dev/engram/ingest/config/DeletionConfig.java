package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * How deletions purge the derived stores. {@code DeleteEpisodes} purges them at once and answers
 * PENDING for a store it could not purge within that store's purge deadline ({@code
 * engram.clients.vector.methods.delete.deadline}, {@code engram.clients.profile.methods.forget-*.deadline}); a relay then retries the
 * purge, with backoff, until it is done.
 */
@ConfigMapping(prefix = "engram.deletion")
public interface DeletionConfig {

    /**
     * How often the relay looks for purges that are due. Quarkus's scheduler checks its triggers once
     * a second, so shorter intervals behave like one second.
     */
    @WithDefault("1s")
    Duration interval();

    /** Purges claimed at once; they run one after the other. */
    @WithDefault("16")
    int batchSize();

    /**
     * How long a claimed purge stays hidden from other relays (other replicas, or this one after a
     * crash), and how long a deletion being answered keeps its own purges. Must exceed both purge
     * deadlines; startup fails when it does not. Purges are idempotent, so one that outlives its lease
     * (a session of many thousand episodes, purged in several calls) merely runs twice.
     */
    @WithDefault("60s")
    Duration lease();

    /** Delay before the first retry of a failed purge; doubles with every further failure. */
    @WithDefault("500ms")
    Duration initialBackoff();

    /** Upper bound of the retry delay, so a recovered store is purged again soon. */
    @WithDefault("1m")
    Duration maxBackoff();

    /** How often the {@code engram_deletions_pending} gauge is recounted. */
    @WithDefault("5s")
    Duration gaugeInterval();
}
