package dev.engram.gateway.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Every knob of the gateway. */
@ConfigMapping(prefix = "engram.gateway")
public interface GatewayConfig {

    /** The project (tenant) every request belongs to while authentication is off. */
    @WithDefault("default")
    String project();

    /** Size limits on a request, checked before anything is sent downstream. */
    Limits limits();

    /** Search defaults for the fields a client leaves out, and the modes this version accepts. */
    Search search();

    /** The {@code Retry-After} hint sent with a 503 when a downstream service is unavailable. */
    @WithDefault("2s")
    Duration unavailableRetryAfter();

    interface Limits {

        /** Episodes accepted in one add request. */
        @WithDefault("1000")
        int maxEpisodes();

        /** Size of one episode's content, in UTF-8 bytes. */
        @WithDefault("32768")
        int maxContentBytes();

        /** Length of a search query, in characters. */
        @WithDefault("4000")
        int maxQueryChars();

        /**
         * Length of an episode's producer, produced_for and role and of a producer in a search filter, in
         * characters. These become index terms downstream, and Lucene rejects a term over 32 KB: an episode
         * accepted here that can never be indexed would be lost to search.
         */
        @WithDefault("256")
        int maxLabelChars();

        /** Entries of one metadata object, of an episode or of a search filter. */
        @WithDefault("64")
        int maxMetadataEntries();

        /** Length of a metadata key, in characters; also an index term downstream. */
        @WithDefault("128")
        int maxMetadataKeyChars();

        /** Length of a metadata value, in characters; also an index term downstream. */
        @WithDefault("2048")
        int maxMetadataValueChars();

        /**
         * Length of a profile entry's subject, category, tag and feature, in characters, and of the same names as
         * filters of a profile read. profile-service refuses more than 200, so a larger value only moves the
         * rejection downstream.
         */
        @WithDefault("200")
        int maxProfileLabelChars();

        /** Length of a profile entry's value, in characters; profile-service refuses more than 1000. */
        @WithDefault("1000")
        int maxProfileValueChars();

        /** Episode ids in a profile entry's evidence; profile-service refuses more than 100. */
        @WithDefault("100")
        int maxProfileEvidence();

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

        @WithDefault("10")
        int topK();

        @WithDefault("auto")
        String mode();

        /** Modes the retrieval service implements in this version; others are rejected as bad input. */
        @WithDefault("auto,direct,split,chain")
        List<String> supportedModes();

        /** Episodes of the same session returned before each match. */
        @WithDefault("1")
        int before();

        /** Episodes of the same session returned after each match. */
        @WithDefault("2")
        int after();

        @WithDefault("2000")
        int maxContextTokens();

        /** Profile entries a search returns when it includes {@code profile}, most relevant to the query first. */
        @WithDefault("10")
        int profileLimit();
    }
}
