package dev.engram.grpc.call;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;

/** Call policies read from configuration the way the services read theirs. */
final class Policies {

    private Policies() {}

    static ClientsConfig config(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(ClientsConfig.class)
                .withConverter(Duration.class, 100, Policies::duration)
                .withSources(new PropertiesConfigSource(properties, "test", 100))
                .build();
        return config.getConfigMapping(ClientsConfig.class);
    }

    static CallPolicy to(String peer, Map<String, String> properties, MeterRegistry registry) {
        return new CallPolicies(config(properties), registry).to(peer);
    }

    /** The short forms the services use ({@code 300ms}, {@code 5s}), as Quarkus reads them. */
    private static Duration duration(String value) {
        if (value.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
        }
        if (value.endsWith("s")) {
            return Duration.ofSeconds(Long.parseLong(value.substring(0, value.length() - 1)));
        }
        return Duration.parse(value);
    }
}
