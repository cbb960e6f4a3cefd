package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Whether ingest-service feeds profile-service at all. What its calls may cost is the call policy's ({@code
 * engram.clients.profile.*}).
 */
@ConfigMapping(prefix = "engram.profile")
public interface ProfileClientConfig {

    /**
     * Whether new episodes are queued for profile-service. Off, no profile outbox rows are written
     * (a deployment without profile memory) and deletions do not purge profile-service; rows written
     * before keep being delivered.
     */
    @WithDefault("true")
    boolean enabled();
}
