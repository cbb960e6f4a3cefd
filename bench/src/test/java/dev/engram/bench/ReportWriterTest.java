package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ReportWriterTest {

    private static RecallScores scores(double base, int n) {
        return new RecallScores(List.of(base, base + 0.1, base + 0.2, base + 0.3), base + 0.25, n, 1);
    }

    private static RetrieverResult result(String name, double base) {
        TreeMap<Integer, RecallScores> byCategory = new TreeMap<>();
        byCategory.put(1, scores(base - 0.1, 3));
        byCategory.put(4, scores(base + 0.1, 7));
        return new RetrieverResult(name, scores(base, 10), byCategory, null);
    }

    private final BenchReport report = new BenchReport(
            "bench-20260101-000000-abcd",
            Instant.parse("2026-01-01T00:00:00Z"),
            321.4,
            "locomo-dev.json",
            "embedded",
            50,
            new ExpandContext(1, 2, null),
            50,
            new BenchReport.DatasetSummary(3, 70, 1451, 383, 112, 2),
            List.of(result("engram", 0.5), result("bm25", 0.4)),
            new IngestResult(1451, 70, 4.2, 29.02, 0),
            new LatencyResult(383, 20, 21.5, 19.0, 35.25, 48.0, 60.0),
            List.of(new EmbeddingThroughput("all-minilm-l6-v2", 1451, 3.627, 383, 4.5)),
            null);

    @Test
    void the_overall_table_has_one_row_per_retriever() {
        String markdown = ReportWriter.markdown(report);

        assertThat(markdown)
                .contains("| retriever | R@5 | R@10 | R@20 | R@50 | R@1000w | n |\n|---|---|---|---|---|---|---|\n")
                .contains("| engram | 0.500 | 0.600 | 0.700 | 0.800 | 0.750 | 10 |\n")
                .contains("| bm25 | 0.400 | 0.500 | 0.600 | 0.700 | 0.650 | 10 |\n");
    }

    @Test
    void the_category_table_names_each_category() {
        String markdown = ReportWriter.markdown(report);

        assertThat(markdown)
                .contains("| category | retriever | R@5 |")
                .contains("| 1 multi-hop | engram | 0.400 | 0.500 | 0.600 | 0.700 | 0.650 | 3 |")
                .contains("| 4 single-hop | bm25 | 0.500 |");
    }

    @Test
    void speed_sections_state_throughput_latency_and_the_budget_rule() {
        String markdown = ReportWriter.markdown(report);

        assertThat(markdown)
                .contains("**50.0 episodes/s**")
                .contains("Ingest efficiency against all-minilm-l6-v2 (episodes/s ÷ in-process turns/s): 0.125")
                .contains("| 383 | 21.5 | 19.0 | 35.3 | 48.0 | 60.0 |")
                .contains("| all-minilm-l6-v2 | 1451 | 3.6 | 400.1 | 4.5 |")
                .contains("the first turn that would exceed the budget ends the list")
                .contains("expand_context 1,2");
    }

    @Test
    void json_carries_the_same_numbers() {
        JsonNode json = ReportJson.of(report, new ObjectMapper());

        assertThat(json.at("/recall/engram/overall/r@10").asDouble()).isEqualTo(0.6);
        assertThat(json.at("/recall/bm25/by_category/4-single-hop/n").asInt()).isEqualTo(7);
        assertThat(json.at("/ingest/episodes_per_second").asDouble()).isCloseTo(50.0, within(1e-6));
        assertThat(json.at("/latency_ms/p95").asDouble()).isEqualTo(35.25);
        assertThat(json.at("/embedding/all-minilm-l6-v2/turns_per_second").asDouble())
                .isGreaterThan(400);
        assertThat(json.at("/settings/expand_context/after").asInt()).isEqualTo(2);
    }
}
