package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Calls to profile-service (gRPC client {@code profile}): new episodes, and deletions. */
@ConfigMapping(prefix = "engram.profile")
public interface ProfileClientConfig {

    /**
     * Whether new episodes are queued for profile-service. Off, no profile outbox rows are written
     * (a deployment without profile memory) and deletions do not purge profile-service; rows written
     * before keep being delivered.
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * Deadline of one {@code Observe} call. Observe only queues the episodes, so it is short; a call
     * that runs out is retried by the outbox. Must stay below {@code engram.outbox.lease}.
     */
    @WithDefault("10s")
    Duration deadline();

    /**
     * Deadline of one {@code ForgetEpisodes} or {@code ForgetUser} call. A deletion waits this long for
     * profile-service before it answers PENDING and leaves the purge to be retried. Must stay below
     * {@code engram.deletion.lease}.
     */
    @WithDefault("5s")
    Duration purgeDeadline();
}
