package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

class RecallMetricsTest {

    private static final List<String> RANKED = List.of("D1:1", "D1:2", "D1:3", "D1:4", "D1:5", "D1:6");

    @Test
    void recall_at_k_is_the_share_of_evidence_among_the_first_k_turns() {
        List<String> evidence = List.of("D1:2", "D1:5");
        assertThat(RecallMetrics.recallAt(RANKED, evidence, 1)).isEqualTo(0.0);
        assertThat(RecallMetrics.recallAt(RANKED, evidence, 2)).isEqualTo(0.5);
        assertThat(RecallMetrics.recallAt(RANKED, evidence, 5)).isEqualTo(1.0);
    }

    @Test
    void a_list_shorter_than_k_is_scored_on_what_it_has() {
        assertThat(RecallMetrics.recallAt(List.of("D1:2"), List.of("D1:2", "D9:9", "D9:8"), 50))
                .isCloseTo(1.0 / 3, within(1e-9));
        assertThat(RecallMetrics.recallAt(List.of(), List.of("D1:2"), 10)).isEqualTo(0.0);
    }

    @Test
    void evidence_named_twice_counts_once() {
        assertThat(RecallMetrics.recallAt(RANKED, List.of("D1:1", "D1:1", "D9:9"), 10))
                .isEqualTo(0.5);
    }

    @Test
    void word_budget_takes_turns_in_rank_order_until_one_would_exceed_it() {
        Map<String, Integer> words = Map.of("D1:1", 400, "D1:2", 500, "D1:3", 200, "D1:4", 50, "D1:5", 10, "D1:6", 1);
        ToIntFunction<String> wordsOf = words::get;
        // 400 + 500 = 900 fits; + 200 = 1100 does not, so the list ends before D1:3 even though D1:4 would fit.
        assertThat(RecallMetrics.turnsWithinWords(RANKED, wordsOf, 1000)).isEqualTo(2);
        assertThat(RecallMetrics.recallWithinWords(RANKED, List.of("D1:2"), wordsOf, 1000))
                .isEqualTo(1.0);
        assertThat(RecallMetrics.recallWithinWords(RANKED, List.of("D1:2", "D1:4"), wordsOf, 1000))
                .isEqualTo(0.5);
    }

    @Test
    void a_turn_that_fills_the_budget_exactly_is_counted() {
        ToIntFunction<String> wordsOf = id -> id.equals("D1:1") ? 600 : 400;
        assertThat(RecallMetrics.recallWithinWords(RANKED, List.of("D1:2"), wordsOf, 1000))
                .isEqualTo(1.0);
        assertThat(RecallMetrics.recallWithinWords(RANKED, List.of("D1:3"), wordsOf, 1000))
                .isEqualTo(0.0);
    }

    @Test
    void a_list_with_fewer_words_than_the_budget_is_short() {
        assertThat(RecallMetrics.exhaustedBeforeBudget(RANKED, id -> 100, 1000)).isTrue();
        assertThat(RecallMetrics.exhaustedBeforeBudget(RANKED, id -> 200, 1000)).isFalse();
    }

    @Test
    void a_question_without_evidence_cannot_be_scored() {
        assertThatThrownBy(() -> RecallMetrics.recallAt(RANKED, List.of(), 5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
