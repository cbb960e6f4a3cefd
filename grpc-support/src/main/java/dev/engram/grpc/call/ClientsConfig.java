package dev.engram.grpc.call;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithDefaults;
import io.smallrye.config.WithParentName;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a call to another service, to Qdrant or to the LLM may cost, under one key scheme in every service:
 * {@code engram.clients.<peer>.*}. Where each peer is lives elsewhere ({@code quarkus.grpc.clients.<peer>.*},
 * {@code engram.vector.qdrant.*}, {@code engram.llm.*}).
 */
@ConfigMapping(prefix = "engram.clients")
public interface ClientsConfig {

    /**
     * Settings by peer: the gRPC clients by their name ({@code ingest}, {@code vector}, {@code profile},
     * {@code retrieval}), and {@code qdrant} and {@code llm}. A peer without settings gets the defaults.
     */
    @WithParentName
    @WithDefaults
    Map<String, Peer> peers();

    interface Peer {

        /**
         * Longest a call may take, its retries included. A call made while serving a request ends no later than
         * that request must: its deadline is the sooner of this one and the request's.
         */
        @WithDefault("5s")
        Duration deadline();

        /**
         * Extra attempts of a call that is safe to repeat, after an answer that says the peer is briefly away
         * (UNAVAILABLE). A retry is made only if the deadline leaves time for it.
         */
        @WithDefault("1")
        int retries();

        /**
         * Pause before the first extra attempt; it doubles with each further one, and each pause is shortened at
         * random by up to half, so that callers that failed together do not retry together.
         */
        @WithDefault("100ms")
        Duration backoffInitial();

        /** Upper bound of one pause. */
        @WithDefault("1s")
        Duration backoffMax();

        /**
         * What differs for single methods, by the method's name in kebab case ({@code add-episodes} for {@code
         * AddEpisodes}).
         */
        Map<String, Method> methods();
    }

    interface Method {

        /** Deadline of this method's calls, instead of the peer's. */
        Optional<Duration> deadline();

        /** Extra attempts of this method's calls, instead of the peer's. */
        Optional<Integer> retries();
    }
}
