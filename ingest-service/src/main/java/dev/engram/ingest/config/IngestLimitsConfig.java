package dev.engram.ingest.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits on what one request may carry, checked before anything is stored. */
@ConfigMapping(prefix = "engram.ingest")
public interface IngestLimitsConfig {

    /** Size of one episode's content, in UTF-8 bytes; the gateway enforces the same bound. */
    @WithDefault("32768")
    int maxContentBytes();
}
