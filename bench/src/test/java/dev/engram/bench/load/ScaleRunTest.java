package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleRunTest {

    @TempDir
    Path dir;

    @Test
    void each_size_is_reached_with_whole_sessions_of_new_users_and_measured() throws Exception {
        Path index = Files.createDirectories(dir.resolve("data/vector"));
        Files.write(index.resolve("segment"), new byte[4096]);
        try (FakeGateway gateway = new FakeGateway(Integer.MAX_VALUE, 1)) {
            List<ScaleStep> steps = new ScaleRun(
                            new RawGateway(gateway.url(), null, Duration.ofSeconds(10)),
                            "scale-test",
                            120,
                            20,
                            Duration.ofSeconds(30),
                            7,
                            dir.resolve("pids"),
                            index)
                    .run(List.of(300L, 700L));

            assertThat(steps).hasSize(2);
            assertThat(steps.get(0).sentences()).isBetween(300L, 300L + 2 * ScaleRun.TURNS_PER_SESSION);
            assertThat(steps.get(1).sentences()).isGreaterThanOrEqualTo(700L);
            assertThat(steps.get(1).addedSentences())
                    .isEqualTo(steps.get(1).sentences() - steps.get(0).sentences());
            assertThat(steps.get(1).users()).isGreaterThan(steps.get(0).users());
            assertThat(steps.get(0).search().queries()).isEqualTo(20);
            assertThat(steps.get(0).indexBytes()).isEqualTo(4096);
            assertThat(steps.get(0).residentBytes()).isEmpty();
            // One session is one request of TURNS_PER_SESSION turns; a user holds about 120 sentences.
            assertThat(gateway.stored("scale-test-u1"))
                    .isBetween(ScaleRun.TURNS_PER_SESSION, 3 * ScaleRun.TURNS_PER_SESSION);

            String markdown = ScaleReport.markdown(
                    "scale-test",
                    Instant.parse("2026-12-01T00:00:00Z"),
                    "bin/engram-scale --sizes 300,700",
                    ScaleOptions.parse(new String[] {"--sizes", "300,700"}, Map.of(), dir, "scale-test"),
                    steps);
            assertThat(markdown).contains("| sentences | users | added/s").contains("| 0.0 |");
            assertThat(ScaleReport.json(
                                    "scale-test",
                                    Instant.EPOCH,
                                    ScaleOptions.parse(new String[0], Map.of(), dir, "r"),
                                    steps,
                                    new ObjectMapper())
                            .at("/steps/1/users")
                            .asInt())
                    .isEqualTo(steps.get(1).users());
        }
    }

    @Test
    void resident_memory_is_read_from_the_status_text() {
        assertThat(ProcessMemory.residentBytes("Name:\tjava\nVmPeak:\t 900 kB\nVmRSS:\t  2048 kB\nThreads: 40\n"))
                .isEqualTo(2048L * 1024);
        assertThat(ProcessMemory.residentBytes("Name:\tkthreadd\n")).isEqualTo(-1);
        assertThat(ProcessMemory.directoryBytes(dir.resolve("absent"))).isEqualTo(-1);
    }

    @Test
    void options_are_checked() {
        ScaleOptions defaults = ScaleOptions.parse(new String[0], Map.of("ENGRAM_RUN_DIR", "/srv/engram"), dir, "r");
        assertThat(defaults.sizes()).containsExactly(10_000L, 100_000L);
        assertThat(defaults.runDirectory()).isEqualTo(Path.of("/srv/engram"));
        assertThat(ScaleOptions.parse(new String[] {"--sizes", "10_000,1000000"}, Map.of(), dir, "r")
                        .sizes())
                .containsExactly(10_000L, 1_000_000L);
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sizes", "100,50"}, Map.of(), dir, "r"))
                .hasMessageContaining("ascending");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--searches", "many"}, Map.of(), dir, "r"))
                .hasMessageContaining("--searches must be a number");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sizes"}, Map.of(), dir, "r"))
                .hasMessageContaining("needs a value");
    }
}
