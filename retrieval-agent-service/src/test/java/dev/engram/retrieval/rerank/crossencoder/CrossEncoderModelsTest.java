package dev.engram.retrieval.rerank.crossencoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrossEncoderModelsTest {

    @TempDir
    Path directory;

    @Test
    void no_keys_configure_no_cross_encoder() {
        CrossEncoderConfig config = CrossEncoderConfigs.of(Map.of());

        assertThat(CrossEncoderModels.fromConfig(config)).isEmpty();
        assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.maxTextChars()).isEqualTo(2000);
    }

    @Test
    void a_url_configures_a_rerank_server_at_its_v1_rerank_endpoint() {
        CrossEncoderConfig config =
                CrossEncoderConfigs.of(Map.of("url", "http://127.0.0.1:8000", "model", "m", "timeout", "750ms"));

        assertThat(CrossEncoderModels.fromConfig(config))
                .get()
                .isInstanceOfSatisfying(
                        RemoteRerankScoringModel.class,
                        remote -> assertThat(remote.endpoint()).hasToString("http://127.0.0.1:8000/v1/rerank"));
    }

    @Test
    void a_missing_onnx_model_file_fails_naming_the_key_and_the_path() {
        Path missing = directory.resolve("ms-marco-MiniLM-L-6-v2.onnx");

        assertThatThrownBy(() ->
                        CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(Map.of("onnx-model", missing.toString()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.retrieval.cross-encoder.onnx-model")
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("not a readable file");
    }

    @Test
    void a_model_without_a_tokenizer_beside_it_fails_naming_the_tokenizer_key() throws Exception {
        Path model = Files.writeString(directory.resolve("model.onnx"), "not read before the tokenizer is found");

        assertThatThrownBy(() ->
                        CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(Map.of("onnx-model", model.toString()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.retrieval.cross-encoder.onnx-tokenizer")
                .hasMessageContaining(directory.resolve("tokenizer.json").toString());
    }

    @Test
    void a_missing_configured_tokenizer_fails_naming_its_path() throws Exception {
        Path model = Files.writeString(directory.resolve("model.onnx"), "x");
        Path tokenizer = directory.resolve("elsewhere/tokenizer.json");

        assertThatThrownBy(() -> CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(
                        Map.of("onnx-model", model.toString(), "onnx-tokenizer", tokenizer.toString()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("engram.retrieval.cross-encoder.onnx-tokenizer is " + tokenizer);
    }

    @Test
    void a_file_that_is_not_an_onnx_model_fails_at_loading_naming_the_file() throws Exception {
        Path model = Files.writeString(directory.resolve("model.onnx"), "this is not a model");
        Files.writeString(directory.resolve("tokenizer.json"), "{}");

        assertThatThrownBy(() ->
                        CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(Map.of("onnx-model", model.toString()))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Could not load the cross-encoder " + model);
    }

    @Test
    void a_local_model_and_a_rerank_server_at_once_are_refused() {
        assertThatThrownBy(() -> CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(
                        Map.of("onnx-model", "/models/ce.onnx", "url", "http://127.0.0.1:8000"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not both");
    }

    @Test
    void an_api_key_without_a_url_is_refused_rather_than_ignored() {
        assertThatThrownBy(() -> CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(Map.of("api-key", "k"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("api-key is set but engram.retrieval.cross-encoder.url is not");
    }

    @Test
    void a_url_that_is_not_http_is_refused() {
        assertThatThrownBy(() -> CrossEncoderModels.fromConfig(CrossEncoderConfigs.of(Map.of("url", "localhost:8000"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("http(s) URL");
    }
}
