package dev.engram.vector.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store selection and the Qdrant keys, as an operator writes them, read without booting Quarkus. */
class VectorConfigTest {

    @Test
    void the_embedded_lucene_index_is_the_default_store() {
        VectorConfig config = load(Map.of());

        assertThat(config.store()).isEqualTo(VectorConfig.StoreKind.LUCENE);
        assertThat(config.qdrant().host()).isEqualTo("127.0.0.1");
        assertThat(config.qdrant().port()).isEqualTo(6334);
        assertThat(config.qdrant().apiKey()).isEmpty();
        assertThat(config.qdrant().useTls()).isFalse();
        assertThat(config.qdrant().upsertBatchSize()).isEqualTo(256);
    }

    @Test
    void qdrant_is_selected_and_configured_by_lower_case_keys() {
        VectorConfig config = load(Map.of(
                "engram.vector.store", "qdrant",
                "engram.vector.qdrant.host", "qdrant.engram.svc",
                "engram.vector.qdrant.api-key", "k",
                "engram.vector.qdrant.use-tls", "true",
                "engram.vector.qdrant.collection-prefix", "memories",
                "engram.vector.qdrant.upsert-batch-size", "64"));

        assertThat(config.store()).isEqualTo(VectorConfig.StoreKind.QDRANT);
        assertThat(config.qdrant().host()).isEqualTo("qdrant.engram.svc");
        assertThat(config.qdrant().apiKey()).contains("k");
        assertThat(config.qdrant().useTls()).isTrue();
        assertThat(config.qdrant().collectionPrefix()).isEqualTo("memories");
        assertThat(config.qdrant().upsertBatchSize()).isEqualTo(64);
    }

    private static VectorConfig load(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(VectorConfig.class)
                // Quarkus reads durations such as "10s"; plain SmallRye Config only reads ISO-8601.
                .withConverter(Duration.class, 100, new DurationConverter())
                .withSources(new PropertiesConfigSource(properties, "test", 100))
                .addDefaultInterceptors()
                .build();
        return config.getConfigMapping(VectorConfig.class);
    }
}
