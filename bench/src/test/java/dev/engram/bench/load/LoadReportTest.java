package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.net.ConnectException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadReportTest {

    private static final LoadOptions OPTIONS = new LoadOptions(
            "http://127.0.0.1:8080",
            null,
            4,
            Duration.ofSeconds(10),
            0.3,
            2,
            2,
            null,
            1,
            Duration.ofSeconds(120),
            Path.of("out"),
            List.of());
    private static final String CREATED =
            "{\"episodes\":[{\"id\":\"a\",\"status\":\"created\"},{\"id\":\"b\",\"status\":\"created\"}]}";

    /** 3 adds of 2 episodes (10, 20, 30 ms) and 5 searches (1-5 ms) in 2 s, and the given failures. */
    private static LoadReport report(boolean failures, IndexingOutcome indexing) {
        Tally tally = new Tally();
        for (int ms = 10; ms <= 30; ms += 10) {
            tally.answered(add("u1"), 201, CREATED, ms * 1_000_000L);
        }
        for (int ms = 1; ms <= 5; ms++) {
            tally.answered(search(), 200, "{}", ms * 1_000_000L);
        }
        if (failures) {
            tally.answered(search(), 429, "{}", 1_000_000L);
            tally.unanswered(add("u1"), new ConnectException("refused"));
        }
        return new LoadReport(
                "load-20260101-000000-abcd",
                Instant.parse("2026-01-01T00:00:00Z"),
                "bin/engram-load --clients 4 --duration 10s",
                OPTIONS,
                "text generated from seed 1",
                new LoadRun.Result(tally, 2.0),
                indexing,
                List.of());
    }

    private static Operation add(String user) {
        return new Operation(RequestKind.ADD, user, JsonNodeFactory.instance.objectNode(), 2);
    }

    private static Operation search() {
        return new Operation(RequestKind.SEARCH, "u1", JsonNodeFactory.instance.objectNode(), 0);
    }

    private static IndexingOutcome caughtUp() {
        return new IndexingOutcome(1, 6, 6, 6, 0, 0, List.of(), 0, true, 3.25, new ErrorCounts());
    }

    @Test
    void the_operations_table_gives_rates_and_percentiles_per_kind_and_overall() {
        String markdown = LoadReportMarkdown.render(report(false, caughtUp()));

        assertThat(markdown)
                .startsWith(
                        "# Engram load run — load-20260101-000000-abcd\n\n`bin/engram-load --clients 4 --duration 10s`")
                .contains("4 clients for 10 s (ran 2.0 s)")
                .contains("30% adds of 2 episodes, the rest searches (top_k 10); 2 users per client;"
                        + " text: text generated from seed 1; seed 1.")
                .contains("| kind | requests | ok | errors | ok/s | p50 ms | p95 ms | p99 ms | max ms |\n")
                .contains("| add | 3 | 3 | 0 | 1.5 | 20.0 | 30.0 | 30.0 | 30.0 |\n")
                .contains("| search | 5 | 5 | 0 | 2.5 | 3.0 | 5.0 | 5.0 | 5.0 |\n")
                .contains("| all | 8 | 8 | 0 | 4.0 | 4.0 | 30.0 | 30.0 | 30.0 |\n")
                .contains("## Errors\n\nNone.\n")
                .contains("| 6 | 6 | 6 | 6 | 0 | 0 |\n")
                .contains("Indexing caught up (pending 0 for all 1 users written to) 3.3 s after the load stopped.")
                .endsWith("\n**PASS**\n");
    }

    @Test
    void errors_and_missing_episodes_fail_the_run_and_say_why() {
        ErrorCounts statusErrors = new ErrorCounts();
        statusErrors.add(RequestKind.STATUS, "HTTP 503");
        IndexingOutcome behind = new IndexingOutcome(2, 6, 5, 4, 1, 1, List.of("u1"), 0, false, 120.0, statusErrors);

        LoadReport report = report(true, behind);
        String markdown = LoadReportMarkdown.render(report);

        assertThat(report.passed()).isFalse();
        assertThat(report.failures())
                .containsExactly(
                        "3 request(s) failed",
                        "1 accepted episode(s) are not stored",
                        "indexing had not caught up 120 s after the load (1 episode(s) pending)");
        assertThat(markdown)
                .contains("| add | 4 | 3 | 1 | 1.5 |")
                .contains("| search | 6 | 5 | 1 | 2.5 |")
                .contains("| kind | cause | count |\n|---|---|---|\n"
                        + "| add | connection failed (ConnectException) | 1 |\n"
                        + "| search | HTTP 429 | 1 |\n"
                        + "| status | HTTP 503 | 1 |\n")
                .contains("| 8 | 6 | 5 | 4 | 1 | 1 |\n")
                .contains("Indexing had not caught up 120.0 s after the load stopped: 1 episodes pending.")
                .contains("Users with accepted episodes missing: u1\n")
                .contains("**FAIL**: 3 request(s) failed; 1 accepted episode(s) are not stored;");
    }

    @Test
    void json_carries_the_same_numbers_and_never_the_api_key() {
        LoadReport report = report(true, caughtUp());

        JsonNode json = LoadReportJson.of(report, new ObjectMapper());

        assertThat(json.at("/passed").asBoolean()).isFalse();
        assertThat(json.at("/command").asText()).isEqualTo("bin/engram-load --clients 4 --duration 10s");
        assertThat(json.at("/settings/clients").asInt()).isEqualTo(4);
        assertThat(json.at("/settings/duration_seconds").asDouble()).isEqualTo(10.0);
        assertThat(json.at("/settings/api_key_sent").asBoolean()).isFalse();
        assertThat(json.at("/elapsed_seconds").asDouble()).isEqualTo(2.0);
        assertThat(json.at("/operations/add/per_second").asDouble()).isEqualTo(1.5);
        assertThat(json.at("/operations/search/latency_ms/p50").asDouble()).isEqualTo(3.0);
        assertThat(json.at("/operations/all/latency_ms/max").asDouble()).isEqualTo(30.0);
        assertThat(json.at("/operations/all/requests").asInt()).isEqualTo(10);
        assertThat(json.at("/errors/0/cause").asText()).isEqualTo("connection failed (ConnectException)");
        assertThat(json.at("/errors/1").toString())
                .isEqualTo("{\"kind\":\"search\",\"cause\":\"HTTP 429\",\"count\":1}");
        assertThat(json.at("/errors_total").asInt()).isEqualTo(2);
        assertThat(json.at("/episodes/sent").asInt()).isEqualTo(8);
        assertThat(json.at("/episodes/accepted").asInt()).isEqualTo(6);
        assertThat(json.at("/indexing/catch_up_seconds").asDouble()).isEqualTo(3.25);
        assertThat(report.failures()).containsExactly("2 request(s) failed");
    }

    @Test
    void users_whose_status_could_not_be_read_are_named_as_such_not_as_caught_up_or_stored() {
        ErrorCounts statusErrors = new ErrorCounts();
        statusErrors.add(RequestKind.STATUS, "connection failed (ConnectException)", 4);
        IndexingOutcome unread = new IndexingOutcome(2, 6, 0, 0, 0, 0, List.of(), 2, false, 3.0, statusErrors);

        LoadReport report = report(false, unread);

        assertThat(report.failures())
                .containsExactly(
                        "4 request(s) failed",
                        "the status of 2 user(s) could not be read",
                        "indexing was not seen to catch up within 3 s after the load");
        assertThat(LoadReportMarkdown.render(report))
                .contains("The status of 2 of the 2 users written to could not be read (see Errors): their accepted"
                        + " episodes are in the accepted count only.\n");
    }
}
