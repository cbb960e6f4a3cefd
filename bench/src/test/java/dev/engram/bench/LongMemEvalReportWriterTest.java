package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class LongMemEvalReportWriterTest {

    private static CutoffScores cutoffs(double base) {
        List<Double> values = List.of(base, base + 0.1, base + 0.2, base + 0.3, base + 0.4, base + 0.5);
        return new CutoffScores(values, values.stream().map(v -> v / 2).toList(), values);
    }

    private static LongMemEvalScores scores(double base, int n) {
        return new LongMemEvalScores(cutoffs(base), cutoffs(base - 0.1), 0.6, 0.55, 120.0, 30.5, n, 1);
    }

    private static LongMemEvalResult result(String name, double base) {
        TreeMap<String, LongMemEvalScores> byType = new TreeMap<>();
        byType.put("multi-session", scores(base - 0.1, 1));
        byType.put("knowledge-update", scores(base + 0.1, 1));
        return new LongMemEvalResult(name, scores(base, 2), byType, null);
    }

    private final LongMemEvalReport report = new LongMemEvalReport(
            "bench-20260101-000000-abcd",
            Instant.parse("2026-01-01T00:00:00Z"),
            123.4,
            "longmemeval-s-dev.json",
            "embedded",
            50,
            null,
            new LongMemEvalReport.DatasetSummary(50, 3, 2, 1, 0, 96, 1000, 1, false, 480),
            List.of(result("engram", 0.4), result("bm25", 0.3)),
            new IngestResult(1000, 96, 10.0, 100.0, 0),
            new LatencyResult(2, 6, 20.0, 19.0, 25.0, 25.0, 25.0),
            List.of(),
            null,
            null);

    @Test
    void every_metric_family_has_a_table_overall_rows_first() {
        String markdown = LongMemEvalReportWriter.markdown(report);

        assertThat(markdown)
                .contains("the first 3 of its 50 questions, 2 scored (1 abstention not scored")
                .contains("## Sessions: recall_any@k\n\n| type | retriever | @1 | @3 | @5 | @10 | @30 | @50 | n |\n"
                        + "|---|---|---|---|---|---|---|---|---|\n"
                        + "| all | engram | 0.400 | 0.500 | 0.600 | 0.700 | 0.800 | 0.900 | 2 |\n"
                        + "| all | bm25 | 0.300 |")
                .contains("## Sessions: recall_all@k\n\n| type | retriever | @1 |")
                .contains("| all | engram | 0.200 | 0.250 |")
                .contains("## Sessions: NDCG@k")
                .contains("## Turns: recall_any@k")
                .contains("## Turns: recall_all@k")
                .contains("## Turns: NDCG@k")
                .contains("| knowledge-update | engram | 0.500 |")
                .contains("| type | retriever | R@10 | R@1000w | ranked turns | ranked sessions | n |")
                .contains("| all | engram | 0.600 | 0.550 | 120.0 | 30.5 | 2 |")
                .contains("\"<role>: <content>\"")
                .contains("ranks 1 and 2 weigh 1")
                .contains("**10.0 episodes/s**");
        assertThat(markdown.indexOf("| knowledge-update | engram"))
                .isLessThan(markdown.indexOf("| multi-session | engram"));
    }

    @Test
    void json_names_the_measures_as_the_official_evaluation_does() {
        JsonNode json = LongMemEvalReportJson.of(report, new ObjectMapper());

        assertThat(json.at("/retrieval/engram/overall/session/recall_any@5").asDouble())
                .isCloseTo(0.6, within(1e-9));
        assertThat(json.at("/retrieval/engram/overall/session/recall_all@1").asDouble())
                .isCloseTo(0.2, within(1e-9));
        assertThat(json.at("/retrieval/engram/overall/turn/ndcg_any@1").asDouble())
                .isCloseTo(0.3, within(1e-9));
        assertThat(json.at("/retrieval/bm25/by_type/multi-session/n").asInt()).isEqualTo(1);
        assertThat(json.at("/retrieval/engram/overall/turn_recall@1000w").asDouble())
                .isEqualTo(0.55);
        assertThat(json.at("/dataset/abstention_not_scored").asInt()).isEqualTo(1);
        assertThat(json.at("/settings/dataset").asText()).isEqualTo("longmemeval");
        assertThat(json.at("/latency_ms/p50").asDouble()).isEqualTo(19.0);
    }
}
