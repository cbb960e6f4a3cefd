package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Delivery of new episodes to profile-service (gRPC client {@code profile}). */
@ConfigMapping(prefix = "engram.profile")
public interface ProfileClientConfig {

    /**
     * Whether new episodes are queued for profile-service. Off, no profile outbox rows are written
     * (a deployment without profile memory); rows written before keep being delivered.
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * Deadline of one {@code Observe} call. Observe only queues the episodes, so it is short; a call
     * that runs out is retried by the outbox. Must stay below {@code engram.outbox.lease}.
     */
    @WithDefault("10s")
    Duration deadline();
}
