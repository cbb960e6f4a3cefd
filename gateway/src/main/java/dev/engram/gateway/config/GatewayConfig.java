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

    /** Calls to ingest-service. */
    Ingest ingest();

    /** Calls to retrieval-agent-service. */
    Retrieval retrieval();

    /** Calls to profile-service, for the profile endpoints and for searches that include the profile. */
    Profile profile();

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

    interface Ingest {

        /** Deadline of one add call; a batch of 1000 episodes is written in one transaction. */
        @WithDefault("10s")
        Duration addDeadline();

        @WithDefault("2s")
        Duration statusDeadline();

        /** Deadline of reading one episode or one page of a listing. */
        @WithDefault("5s")
        Duration readDeadline();

        /**
         * Deadline of a deletion or of queuing a reindex. A deletion answers once every store is purged, or
         * as pending when a store could not be reached within ingest-service's own, shorter, deadline.
         */
        @WithDefault("30s")
        Duration deleteDeadline();

        /** Extra attempts of a status call when ingest-service is unavailable (reads are safe to repeat). */
        @WithDefault("1")
        int statusRetries();

        /** Deadline of one short-term memory read (no search: a summary and a few episodes). */
        @WithDefault("2s")
        Duration shortTermDeadline();

        /** Extra attempts of a short-term memory read when ingest-service is unavailable. */
        @WithDefault("1")
        int shortTermRetries();
    }

    interface Retrieval {

        @WithDefault("5s")
        Duration searchDeadline();

        /** Extra attempts of a search when retrieval-agent-service is unavailable. */
        @WithDefault("1")
        int searchRetries();
    }

    interface Profile {

        /** Deadline of one read of a profile or its history. */
        @WithDefault("2s")
        Duration readDeadline();

        /** Extra attempts of a read when profile-service is unavailable (reads are safe to repeat). */
        @WithDefault("1")
        int readRetries();

        /**
         * Deadline of one edit (PUT or DELETE of an entry). Edits are never retried: a repeated PUT whose first
         * answer was lost would find its entry already replaced and fail with a conflict.
         */
        @WithDefault("5s")
        Duration writeDeadline();

        /**
         * Deadline of the profile read a search makes beside the retrieval call. It is not retried: when it
         * fails, the search answers without the profile and says so in {@code warnings}.
         */
        @WithDefault("1s")
        Duration searchDeadline();
    }
}
