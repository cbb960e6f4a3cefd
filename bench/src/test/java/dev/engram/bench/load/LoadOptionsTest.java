package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadOptionsTest {

    @TempDir
    Path root;

    private LoadOptions parse(Map<String, String> env, String... args) {
        return LoadOptions.parse(args, env, root.resolve("engram"), "load-1");
    }

    @Test
    void defaults_load_the_local_gateway_with_32_clients_for_a_minute() {
        LoadOptions options = parse(Map.of());

        assertThat(options.gateway()).isEqualTo("http://127.0.0.1:8080");
        assertThat(options.apiKey()).isNull();
        assertThat(options.clients()).isEqualTo(32);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(options.addRatio()).isEqualTo(0.3);
        assertThat(options.batch()).isEqualTo(4);
        assertThat(options.usersPerClient()).isEqualTo(2);
        assertThat(options.seed()).isEqualTo(1);
        assertThat(options.settle()).isEqualTo(Duration.ofSeconds(120));
        assertThat(options.out()).isEqualTo(root.resolve("engram/bench/target/results/load-1"));
    }

    @Test
    void the_text_is_generated_unless_the_shared_locomo_file_exists() throws IOException {
        assertThat(parse(Map.of()).data()).isNull();

        Path shared = Files.createDirectories(root.resolve("shared/data/locomo"));
        Path file = Files.writeString(shared.resolve("locomo-dev.json"), "[]");

        assertThat(parse(Map.of()).data()).isEqualTo(file);
        assertThat(parse(Map.of(), "--data", "generated").data()).isNull();
    }

    @Test
    void the_api_key_comes_from_the_environment_unless_given() {
        assertThat(parse(Map.of("ENGRAM_API_KEY", "env-key")).apiKey()).isEqualTo("env-key");
        assertThat(parse(Map.of("ENGRAM_API_KEY", "env-key"), "--api-key", "arg-key")
                        .apiKey())
                .isEqualTo("arg-key");
        assertThat(parse(Map.of("ENGRAM_API_KEY", " ")).apiKey()).isNull();
    }

    @Test
    void every_option_is_read() throws IOException {
        Path data = Files.writeString(root.resolve("conversations.json"), "[]");

        LoadOptions options = parse(
                Map.of(),
                "--gateway",
                "http://10.0.0.5:9090",
                "--clients",
                "4",
                "--duration",
                "10s",
                "--add-ratio",
                "0.5",
                "--batch",
                "8",
                "--users",
                "3",
                "--data",
                data.toString(),
                "--seed",
                "42",
                "--settle",
                "2m",
                "--out",
                "out/run");

        assertThat(options.gateway()).isEqualTo("http://10.0.0.5:9090");
        assertThat(options.clients()).isEqualTo(4);
        assertThat(options.duration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(options.addRatio()).isEqualTo(0.5);
        assertThat(options.batch()).isEqualTo(8);
        assertThat(options.usersPerClient()).isEqualTo(3);
        assertThat(options.data()).isEqualTo(data);
        assertThat(options.seed()).isEqualTo(42);
        assertThat(options.settle()).isEqualTo(Duration.ofMinutes(2));
        assertThat(options.out()).isEqualTo(Path.of("out/run"));
    }

    @Test
    void durations_are_seconds_unless_a_unit_says_otherwise() {
        assertThat(LoadOptions.parseDuration("--duration", "90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(LoadOptions.parseDuration("--duration", "90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(LoadOptions.parseDuration("--duration", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(LoadOptions.parseDuration("--duration", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThatThrownBy(() -> LoadOptions.parseDuration("--settle", "1h"))
                .hasMessageContaining("--settle takes a duration like 90, 90s, 2m or 500ms, was '1h'");
    }

    @Test
    void bad_values_are_rejected_with_the_option_named() {
        assertThatThrownBy(() -> parse(Map.of(), "--clients", "0")).hasMessage("--clients must be 1-4096, was 0");
        assertThatThrownBy(() -> parse(Map.of(), "--batch", "1001")).hasMessage("--batch must be 1-1000, was 1001");
        assertThatThrownBy(() -> parse(Map.of(), "--add-ratio", "1.5"))
                .hasMessage("--add-ratio must be between 0 and 1, was 1.5");
        assertThatThrownBy(() -> parse(Map.of(), "--add-ratio", "NaN")).hasMessageContaining("--add-ratio");
        assertThatThrownBy(() -> parse(Map.of(), "--duration", "0")).hasMessage("--duration must be longer than 0");
        assertThatThrownBy(() -> parse(Map.of(), "--users", "two"))
                .hasMessage("--users takes a whole number, was 'two'");
        assertThatThrownBy(() -> parse(Map.of(), "--gateway", "127.0.0.1:8080")).hasMessageContaining("--gateway");
        assertThatThrownBy(() ->
                        parse(Map.of(), "--data", root.resolve("none.json").toString()))
                .hasMessageContaining("--data: no file at");
        assertThatThrownBy(() -> parse(Map.of(), "--clients")).hasMessage("--clients needs a value");
        assertThatThrownBy(() -> parse(Map.of(), "--rate", "5")).hasMessage("unknown option --rate");
    }

    @Test
    void help_is_a_request_not_an_error() {
        assertThatThrownBy(() -> parse(Map.of(), "--clients", "4", "--help"))
                .isInstanceOf(LoadOptions.UsageRequested.class);
    }
}
