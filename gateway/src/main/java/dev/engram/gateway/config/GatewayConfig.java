package dev.engram.gateway.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Every knob of the gateway. */
@ConfigMapping(prefix = "engram.gateway")
public interface GatewayConfig {

    /** The project (tenant) every request belongs to while authentication is off. */
    @WithDefault("default")
    String project();

    /**
     * Body sizes of requests, checked before a body is read. What a field may hold is the proto's to say
     * ({@code engram/v1/rules.proto}).
     */
    Limits limits();

    /** The profile part of a search; the search's own defaults are retrieval-agent-service's. */
    Search search();

    /** The {@code Retry-After} hint sent with a 503 when a downstream service is unavailable. */
    @WithDefault("2s")
    Duration unavailableRetryAfter();

    interface Limits {

        /**
         * Body size of a search. Searches are parsed on the event loop, so they get a far smaller limit than
         * {@code quarkus.http.limits.max-body-size}, which is sized for a full batch of episodes.
         */
        @WithDefault("1M")
        @WithConverter(MemorySizeConverter.class)
        MemorySize maxSearchBodySize();

        /**
         * Body size of a profile edit, also parsed on the event loop. The largest valid entry (a value of 1000
         * characters, labels of 200 and 100 evidence ids) is far smaller.
         */
        @WithDefault("64K")
        @WithConverter(MemorySizeConverter.class)
        MemorySize maxProfileBodySize();
    }

    interface Search {

        /** Profile entries a search returns when it includes {@code profile}, most relevant to the query first. */
        @WithDefault("10")
        int profileLimit();
    }
}
