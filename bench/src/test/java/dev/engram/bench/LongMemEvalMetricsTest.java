package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Expected values computed by hand and checked against the official eval_utils.py. */
class LongMemEvalMetricsTest {

    private static final List<String> RANKED = List.of("a", "b", "c", "d");
    private static final List<String> EVIDENCE = List.of("b", "d");

    @Test
    void recall_any_asks_for_one_evidence_item_in_the_first_k() {
        assertThat(LongMemEvalMetrics.recallAny(RANKED, EVIDENCE, 1)).isEqualTo(0.0);
        assertThat(LongMemEvalMetrics.recallAny(RANKED, EVIDENCE, 3)).isEqualTo(1.0);
        assertThat(LongMemEvalMetrics.recallAny(List.of(), EVIDENCE, 50)).isEqualTo(0.0);
    }

    @Test
    void recall_all_asks_for_every_evidence_item_in_the_first_k() {
        assertThat(LongMemEvalMetrics.recallAll(RANKED, EVIDENCE, 3)).isEqualTo(0.0);
        assertThat(LongMemEvalMetrics.recallAll(RANKED, EVIDENCE, 5)).isEqualTo(1.0);
        assertThat(LongMemEvalMetrics.recallAll(RANKED, List.of("b", "z"), 50)).isEqualTo(0.0);
    }

    @Test
    void ndcg_weighs_the_first_two_ranks_alike_as_the_official_code_does() {
        assertThat(LongMemEvalMetrics.ndcg(RANKED, EVIDENCE, 1)).isEqualTo(0.0);
        // b at rank 2 weighs 1; the ideal, b and d at ranks 1 and 2, weighs 2.
        assertThat(LongMemEvalMetrics.ndcg(RANKED, EVIDENCE, 3)).isCloseTo(0.5, within(1e-12));
        // d at rank 4 adds 1/log2(4) = 0.5.
        assertThat(LongMemEvalMetrics.ndcg(RANKED, EVIDENCE, 5)).isCloseTo(0.75, within(1e-12));
        assertThat(LongMemEvalMetrics.ndcg(RANKED, List.of("c"), 3)).isCloseTo(1 / log2(3), within(1e-12));
        assertThat(LongMemEvalMetrics.ndcg(RANKED, List.of("a"), 1)).isEqualTo(1.0);
        // The ideal list at k = 1 holds one hit however many evidence items there are.
        assertThat(LongMemEvalMetrics.ndcg(RANKED, List.of("a", "b", "c"), 1)).isEqualTo(1.0);
    }

    @Test
    void ranked_sessions_are_the_distinct_sessions_of_the_ranked_turns_in_order() {
        Map<String, String> sessions = Map.of("s2:1", "s2", "s1:2", "s1", "s2:2", "s2", "s3:1", "s3");
        List<String> ranked = List.of("s2:1", "s1:2", "x:9", "s2:2", "s3:1");

        assertThat(LongMemEvalMetrics.rankedSessions(ranked, turn -> Optional.ofNullable(sessions.get(turn))))
                .containsExactly("s2", "s1", "s3");
    }

    @Test
    void a_question_without_evidence_cannot_be_scored() {
        assertThatThrownBy(() -> LongMemEvalMetrics.recallAny(RANKED, List.of(), 5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LongMemEvalMetrics.ndcg(RANKED, List.of(), 5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cutoff_scores_cover_every_official_k() {
        CutoffScores scores = CutoffScores.of(RANKED, EVIDENCE);

        assertThat(scores.recallAny()).containsExactly(0.0, 1.0, 1.0, 1.0, 1.0, 1.0);
        assertThat(scores.recallAll()).containsExactly(0.0, 0.0, 1.0, 1.0, 1.0, 1.0);
        assertThat(scores.ndcgAt(3)).isCloseTo(0.5, within(1e-12));
        assertThat(scores.ndcgAt(50)).isCloseTo(0.75, within(1e-12));
        assertThatThrownBy(() -> scores.recallAnyAt(2)).hasMessageContaining("@2 is not measured");
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
