package dev.engram.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Who may call the API, and how often. */
@ConfigMapping(prefix = "engram.auth")
public interface AuthConfig {

    /**
     * Whether every {@code /v1} request needs an API key. On by default; local development
     * ({@code bin/engram up}) turns it off, and then every request belongs to {@code engram.gateway.project}.
     */
    @WithDefault("true")
    boolean enabled();

    /**
     * The bootstrap administrator key (env {@code ENGRAM_AUTH_ADMIN_KEY}, from a Secret in Kubernetes): it may
     * create projects and keys for any project. At least 32 characters; without it only keys already stored work.
     */
    Optional<String> adminKey();

    /** Per-key request rate limit, a token bucket per API key (per gateway replica). */
    RateLimit rateLimit();

    interface RateLimit {

        /** Whether requests are limited per key at all. */
        @WithDefault("true")
        boolean enabled();

        /** Sustained requests per second of one key. */
        @WithDefault("100")
        int requestsPerSecond();

        /** Requests one key may make at once above the sustained rate. */
        @WithDefault("200")
        int burst();
    }
}
