package dev.engram.retrieval.rerank.crossencoder;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;

/** {@link CrossEncoderConfig} read from properties as Quarkus reads it, defaults and converters included. */
final class CrossEncoderConfigs {

    private CrossEncoderConfigs() {}

    /** Keys without the {@code engram.retrieval.cross-encoder.} prefix. */
    static CrossEncoderConfig of(Map<String, String> properties) {
        Map<String, String> prefixed = new HashMap<>();
        properties.forEach((key, value) -> prefixed.put(CrossEncoderModels.PREFIX + key, value));
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .addDiscoveredConverters()
                .withMapping(CrossEncoderConfig.class)
                .withSources(new PropertiesConfigSource(prefixed, "test", 500))
                .build();
        return config.getConfigMapping(CrossEncoderConfig.class);
    }
}
