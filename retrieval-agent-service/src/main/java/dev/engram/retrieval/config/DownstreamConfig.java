package dev.engram.retrieval.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * How this service calls the services it depends on. Host and port of each live under {@code
 * quarkus.grpc.clients.<name>}; what a single call may cost lives here.
 */
@ConfigMapping(prefix = "engram.downstream")
public interface DownstreamConfig {

    /** Calls to vector-service ({@code Search}). */
    Call vector();

    /** Calls to ingest-service ({@code GetContext}). */
    Call ingest();

    /** Limits of one outbound call. */
    interface Call {

        /** Deadline of one attempt; a search that waits longer is better answered with an error. */
        @WithDefault("5s")
        Duration deadline();

        /**
         * Extra attempts after an UNAVAILABLE answer. Both calls are reads, so repeating them is
         * safe; a restarting peer is the usual cause.
         */
        @WithDefault("1")
        int retries();

        /** Pause before the first extra attempt; it grows with each further one. */
        @WithDefault("100ms")
        Duration retryBackoff();
    }
}
