package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.bench.RunIds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadMainTest {

    @TempDir
    Path out;

    private LoadOptions options(String gateway) {
        return new LoadOptions(
                gateway, null, 3, Duration.ofMillis(500), 0.5, 2, 2, null, 9, Duration.ofSeconds(10), out, List.of());
    }

    @Test
    void a_run_loads_checks_and_writes_its_report() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 2)) {
            LoadReport report = new LoadMain(options(fake.url()), new RunIds("load-main"), "bin/engram-load").run();

            assertThat(report.passed()).isTrue();
            assertThat(report.indexing().caughtUp()).isTrue();
            assertThat(report.indexing().accepted())
                    .isPositive()
                    .isEqualTo(report.indexing().stored());
            assertThat(report.indexing().users())
                    .isEqualTo(report.load().tally().acceptedByUser().size());
            for (Map.Entry<String, Long> user :
                    report.load().tally().acceptedByUser().entrySet()) {
                assertThat(user.getKey()).startsWith("load-main.c");
                assertThat(fake.stored(user.getKey())).isEqualTo(user.getValue().intValue());
            }
            JsonNode json =
                    new ObjectMapper().readTree(out.resolve("report.json").toFile());
            assertThat(json.at("/run_id").asText()).isEqualTo("load-main");
            assertThat(json.at("/episodes/accepted").asLong())
                    .isEqualTo(report.indexing().accepted());
            assertThat(json.at("/passed").asBoolean()).isTrue();
            assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(LoadReportMarkdown.render(report));
        }
    }

    @Test
    void an_open_loop_runs_a_phase_per_rate_and_draws_its_chart() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 0)) {
            LoadOptions open = new LoadOptions(
                    fake.url(),
                    null,
                    3,
                    Duration.ofMillis(500),
                    0.5,
                    2,
                    2,
                    null,
                    9,
                    Duration.ofSeconds(10),
                    out,
                    List.of(20.0, 60.0));

            // This test's own process stands in for a service, so that the CPU table has a row to show.
            Path pids = Files.createDirectories(out.resolve("pids"));
            Files.writeString(
                    pids.resolve("gateway.pid"),
                    Long.toString(ProcessHandle.current().pid()));
            LoadReport report = new LoadMain(
                            open, new RunIds("load-open"), "bin/engram-load --rates 20,60", ServiceCpu.of(pids))
                    .run();

            assertThat(report.passed()).isTrue();
            assertThat(report.phaseSummaries())
                    .extracting(LoadReport.PhaseSummary::offered)
                    .containsExactly(20.0, 60.0);
            LoadReport.PhaseSummary fast = report.phaseSummaries().get(1);
            assertThat(fast.adds().requests() + fast.searches().requests()).isEqualTo(30);
            assertThat(report.load().tally().requests(RequestKind.ADD)
                            + report.load().tally().requests(RequestKind.SEARCH))
                    .isEqualTo(10 + 30);
            JsonNode json =
                    new ObjectMapper().readTree(out.resolve("report.json").toFile());
            assertThat(json.at("/open_loop/1/offered_per_second").asDouble()).isEqualTo(60.0);
            assertThat(Files.readString(out.resolve("report.md")))
                    .contains("| 60 |")
                    .contains("| offered /s | gateway | all |");
            assertThat(fast.cpuMsPerRequest()).containsKeys("gateway", LoadReport.ALL_SERVICES);
            byte[] png = Files.readAllBytes(out.resolve("open-loop.png"));
            assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        }
    }

    @Test
    void no_gateway_stops_the_run_before_it_starts() {
        LoadMain main = new LoadMain(options("http://127.0.0.1:1"), new RunIds("load-main"), "bin/engram-load");

        assertThatThrownBy(main::run)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no gateway answers at http://127.0.0.1:1");
        assertThat(out).isEmptyDirectory();
    }
}
