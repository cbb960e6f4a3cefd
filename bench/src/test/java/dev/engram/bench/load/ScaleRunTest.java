package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.LatencyResult;
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
    void each_size_is_reached_with_whole_sessions_of_users_and_measured() throws Exception {
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
                            index,
                            HeapAfterGc.ofThisJdk())
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
            assertThat(steps.get(0).heapAfterGcBytes()).isEmpty();
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
    void a_user_left_short_by_one_size_is_continued_at_the_next() throws Exception {
        try (FakeGateway gateway = new FakeGateway(Integer.MAX_VALUE, 1)) {
            List<ScaleStep> oneUser = run(gateway, "one-user", 100_000, List.of(300L, 700L));
            List<ScaleStep> twoUsers = run(gateway, "two-users", 500, List.of(300L, 700L));

            assertThat(oneUser).extracting(ScaleStep::users).containsExactly(1, 1);
            // Whole sessions of distinct episode ids: a session id used twice would be stored once.
            assertThat(gateway.stored("one-user-u1") % ScaleRun.TURNS_PER_SESSION)
                    .isZero();
            assertThat(2L * gateway.stored("one-user-u1"))
                    .as("a turn holds at most two sentences")
                    .isGreaterThanOrEqualTo(oneUser.get(1).sentences());
            assertThat(gateway.stored("one-user-u2")).isZero();
            assertThat(twoUsers).extracting(ScaleStep::users).containsExactly(1, 2);
            assertThat(2L * gateway.stored("two-users-u1")).isGreaterThanOrEqualTo(500);
        }
    }

    @Test
    void a_load_resumed_under_its_run_id_sends_the_same_episodes_again_and_the_platform_keeps_each_once()
            throws Exception {
        try (FakeGateway gateway = new FakeGateway(Integer.MAX_VALUE, 1)) {
            run(gateway, "interrupted", 200, List.of(500L));
            int stored = storedOf(gateway, "interrupted");
            int requests = gateway.addRequests();

            List<ScaleStep> resumed = run(gateway, "interrupted", 200, List.of(500L));
            int resent = gateway.addRequests() - requests;

            assertThat(storedOf(gateway, "interrupted")).isEqualTo(stored);
            assertThat(resent).as("every session sent again").isEqualTo(requests);
            assertThat(resumed.get(0).sentences()).isGreaterThanOrEqualTo(500L);

            // Told to skip what is stored, it sends only the user whose status falls short of what it generated.
            gateway.lose("interrupted-u2", 1);
            requests = gateway.addRequests();
            new ScaleRun(
                            new RawGateway(gateway.url(), null, Duration.ofSeconds(10)),
                            "interrupted",
                            200,
                            5,
                            Duration.ofSeconds(30),
                            3,
                            dir.resolve("pids"),
                            dir.resolve("data/vector"),
                            HeapAfterGc.ofThisJdk())
                    .skippingStoredUsers()
                    .run(List.of(500L));

            int sessionsOfU2 =
                    (gateway.stored("interrupted-u2") + ScaleRun.TURNS_PER_SESSION - 1) / ScaleRun.TURNS_PER_SESSION;
            assertThat(gateway.addRequests() - requests).isEqualTo(sessionsOfU2);
        }
    }

    private static int storedOf(FakeGateway gateway, String runId) {
        int stored = 0;
        for (int user = 1; user <= 10; user++) {
            stored += gateway.stored(runId + "-u" + user);
        }
        return stored;
    }

    @Test
    void memory_is_reported_per_process_with_the_users_so_far_and_a_dash_where_not_measured() throws Exception {
        long mib = 1024 * 1024;
        List<ScaleStep> steps = List.of(
                new ScaleStep(
                        10_000,
                        10,
                        10_000,
                        50,
                        LatencyResult.of(new double[] {20, 30}, 50),
                        17 * mib,
                        Map.of("gateway", 228 * mib, "postgres", 77 * mib),
                        Map.of("gateway", 61 * mib)),
                new ScaleStep(
                        100_000,
                        97,
                        90_000,
                        400,
                        LatencyResult.of(new double[] {20, 30}, 50),
                        264 * mib,
                        Map.of("gateway", 235 * mib, "postgres", 77 * mib),
                        Map.of("gateway", 64 * mib, "postgres", 12 * mib)));
        ScaleOptions options = ScaleOptions.parse(new String[0], Map.of(), dir, "r");

        String markdown = ScaleReport.markdown("r", Instant.EPOCH, "bin/engram-scale", options, steps);
        ObjectNode json = ScaleReport.json("r", Instant.EPOCH, options, steps, new ObjectMapper());
        Path png = dir.resolve("scale-heap.png");
        ScaleHeapChart.write(steps, png);

        assertThat(markdown)
                .contains("Resident memory (MiB, `VmRSS`):\n\n| sentences | users | gateway | postgres |")
                .contains("| 10,000 | 10 | 228 | 77 |")
                .contains("Heap in use after a full GC")
                .contains("| 10,000 | 10 | 61 | — |")
                .contains("| 100,000 | 97 | 64 | 12 |");
        assertThat(json.at("/steps/0/heap_after_gc_bytes/gateway").asLong()).isEqualTo(61 * mib);
        assertThat(json.at("/steps/0/heap_after_gc_bytes/postgres").isNull()).isTrue();
        assertThat(json.at("/steps/1/heap_after_gc_bytes/postgres").asLong()).isEqualTo(12 * mib);
        assertThat(Files.size(png)).isPositive();
    }

    private List<ScaleStep> run(FakeGateway gateway, String runId, int sentencesPerUser, List<Long> sizes)
            throws InterruptedException {
        return new ScaleRun(
                        new RawGateway(gateway.url(), null, Duration.ofSeconds(10)),
                        runId,
                        sentencesPerUser,
                        5,
                        Duration.ofSeconds(30),
                        3,
                        dir.resolve("pids"),
                        dir.resolve("data/vector"),
                        HeapAfterGc.ofThisJdk())
                .run(sizes);
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
        assertThat(defaults.runId()).isEqualTo("r");
        assertThat(defaults.out()).isEqualTo(dir.resolve("bench/target/results/r"));
        ScaleOptions resumed = ScaleOptions.parse(
                new String[] {"--run-id", "scale-20261204-200230-8343"}, Map.of(), dir, "scale-20261205-090000-1a2b");
        assertThat(resumed.runId()).isEqualTo("scale-20261204-200230-8343");
        assertThat(resumed.out())
                .isEqualTo(dir.resolve("bench/target/results/scale-20261204-200230-8343.at-20261205-090000-1a2b"));
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--run-id", "a b"}, Map.of(), dir, "r"))
                .hasMessageContaining("a run id is 1-64 characters");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sizes", "100,50"}, Map.of(), dir, "r"))
                .hasMessageContaining("ascending");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--searches", "many"}, Map.of(), dir, "r"))
                .hasMessageContaining("--searches must be a whole number");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sizes"}, Map.of(), dir, "r"))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sizes", "1000,,2000"}, Map.of(), dir, "r"))
                .hasMessageContaining("--sizes must be whole numbers separated by commas");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--settle", "0"}, Map.of(), dir, "r"))
                .hasMessageContaining("--settle must be longer than 0");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--gateway", "localhost:8080"}, Map.of(), dir, "r"))
                .hasMessageContaining("--gateway must be an http:// or https:// URL");
    }

    @Test
    void sentences_per_user_default_to_a_thousand_and_must_be_positive() {
        assertThat(ScaleOptions.parse(new String[0], Map.of(), dir, "r").sentencesPerUser())
                .isEqualTo(1000);
        assertThat(ScaleOptions.parse(
                                new String[] {"--sentences-per-user", "100000", "--sizes", "100000"},
                                Map.of(),
                                dir,
                                "r")
                        .sentencesPerUser())
                .isEqualTo(100_000);
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sentences-per-user", "0"}, Map.of(), dir, "r"))
                .hasMessage("--sentences-per-user must be a positive number of sentences, was 0");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sentences-per-user", "-5"}, Map.of(), dir, "r"))
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--sentences-per-user", "1e5"}, Map.of(), dir, "r"))
                .hasMessage("--sentences-per-user must be a whole number, was '1e5'");
        assertThatThrownBy(() -> ScaleOptions.parse(new String[] {"--searches", "0"}, Map.of(), dir, "r"))
                .hasMessageContaining("--searches must be a positive number");
        assertThat(ScaleOptions.USAGE).contains("--sentences-per-user 100000 --sizes 100000");
    }
}
