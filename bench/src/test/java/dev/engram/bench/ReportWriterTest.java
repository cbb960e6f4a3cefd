package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
            null,
            new SpeedResult(
                    new RawLimits("all-minilm-l6-v2", 2, 32, 4000, 4000, 5.0, 383, 4.0, 6.5, 250.0),
                    4000,
                    29.02,
                    Map.of("vector-service", 12.0, "ingest-service", 4.0),
                    10.0,
                    Map.of("vector-service", 6.0, "ingest-service", 2.0),
                    19.0,
                    List.of(
                            new TimerShare("retrieval-agent-service", "engram_retrieval_stage{stage=context}", 1, 4.5),
                            new TimerShare("vector-service", "engram_vector_search", 2.1, 7.0)),
                    new PeakSearches(8, 800, 8.0, Map.of("vector-service", 4.0, "gateway", 2.0))));

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
        assertThat(json.at("/speed/raw/sentences_per_second").asDouble()).isEqualTo(800.0);
        assertThat(json.at("/speed/ingest_efficiency").asDouble()).isCloseTo(4000 / 29.02 / 800, within(1e-9));
        assertThat(json.at("/speed/search_efficiency").asDouble()).isEqualTo(0.4);
        assertThat(json.at("/speed/ingest_cpu_seconds/vector-service").asDouble())
                .isEqualTo(12.0);
        assertThat(json.at("/speed/warm_ingest_efficiency").asDouble()).isCloseTo(0.5, within(1e-9));
        assertThat(json.at("/speed/warm_ingest_cpu_seconds/ingest-service").asDouble())
                .isEqualTo(2.0);
        assertThat(json.at("/speed/search_timers/0/timer").asText()).isEqualTo("engram_retrieval_stage{stage=context}");
        assertThat(json.at("/speed/search_timers/1/ms_per_search").asDouble()).isCloseTo(14.7, within(1e-9));
    }

    @Test
    void the_speed_section_sets_each_ratio_against_its_target() {
        String markdown = ReportWriter.markdown(report);

        assertThat(markdown)
                .contains("## Against the embedding limit")
                .contains("all-minilm-l6-v2, in-process, 2 threads, 32 texts per run")
                .contains("| raw batch embedding, sentences/s | 800.0 | |")
                .contains("| raw query embedding p50 / p95, ms | 4.0 / 6.5 | |")
                .contains("| **ingest efficiency** | 0.172 | ≥ 0.7 |")
                .contains("| ingest efficiency, warm platform | 0.500 | |")
                .contains("| CPU per ingested sentence, warm platform, ms (all processes) | 2.00 | |")
                .contains("| ingested sentence, warm | — | 0.50 | 1.50 |")
                .contains("| **search overhead** (search p50 − query embedding p50), ms | 15.0 | ≤ 8 |")
                .contains("| peak searches/s, 8 clients | 100.0 | |")
                .contains("| **search efficiency** | 0.400 | ≥ 0.5 |")
                .contains("| CPU per ingested sentence, ms (all processes) | 4.00 | |")
                .contains("| CPU per search at peak, ms (all processes) | 7.50 | |")
                .contains("| per | gateway | ingest-service | vector-service |")
                .contains("| ingested sentence | — | 1.00 | 3.00 |")
                .contains("| search (peak pass) | 2.50 | — | 5.00 |")
                .contains("| service | timer | calls per search | ms per call | ms per search |")
                .contains("| vector-service | `engram_vector_search` | 2.10 | 7.00 | 14.70 |");
    }
}
