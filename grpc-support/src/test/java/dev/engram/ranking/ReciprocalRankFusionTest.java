package dev.engram.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    @Test
    void an_item_ranked_by_both_rankings_beats_one_ranked_first_by_one() {
        List<Fused<Integer>> fused =
                ReciprocalRankFusion.fuse(60, List.of(Ranking.of(List.of(7, 3)), Ranking.of(List.of(3, 9))));

        assertThat(fused).extracting(Fused::item).containsExactly(3, 7, 9);
        assertThat(fused.get(0).score()).isEqualTo(1.0 / 62 + 1.0 / 61);
    }

    @Test
    void equal_scores_keep_the_order_the_items_were_first_met_in() {
        // 5 and 8 are both 1st once; 2 and 4 are both 2nd once.
        List<Fused<Integer>> fused =
                ReciprocalRankFusion.fuse(60, List.of(Ranking.of(List.of(8, 4)), Ranking.of(List.of(5, 2))));

        assertThat(fused).extracting(Fused::item).containsExactly(8, 5, 4, 2);
    }

    @Test
    void a_tie_goes_to_the_item_met_first_even_when_the_other_was_ranked_higher_somewhere() {
        // With k = 0, "q" (4th twice) scores 1/4 + 1/4, exactly what "p" (2nd once) and "b" (2nd once) score.
        List<Fused<String>> fused = ReciprocalRankFusion.fuse(
                0, List.of(Ranking.of(List.of("a", "b", "c", "q")), Ranking.of(List.of("e", "p", "f", "q"))));

        assertThat(fused).extracting(Fused::item).containsExactly("a", "e", "b", "q", "p", "c", "f");
        assertThat(fused.get(3).score()).isEqualTo(fused.get(4).score());
    }

    @Test
    void a_ranking_counts_by_its_weight_and_one_of_weight_zero_only_breaks_ties() {
        Ranking<String> tieOrder = new Ranking<>(List.of("c", "b", "a"), 0);
        List<Fused<String>> fused = ReciprocalRankFusion.fuse(
                60,
                List.of(
                        tieOrder,
                        Ranking.of(List.of("a", "b")),
                        new Ranking<>(List.of("b", "a"), 1),
                        Ranking.of(List.of("c"))));

        // a and b score the same, and b was met first; c, first in the tie order, still scores only its one rank.
        assertThat(fused).extracting(Fused::item).containsExactly("b", "a", "c");
        assertThat(fused.get(2).score()).isEqualTo(1.0 / 61);

        List<Fused<String>> weighted = ReciprocalRankFusion.fuse(
                60, List.of(Ranking.of(List.of("a", "b")), new Ranking<>(List.of("b", "a"), 2)));
        assertThat(weighted).extracting(Fused::item).containsExactly("b", "a");
        assertThat(weighted.get(0).score()).isEqualTo(1.0 / 62 + 2.0 / 61);
    }

    @Test
    void an_empty_ranking_changes_nothing() {
        assertThat(ReciprocalRankFusion.fuse(60, List.of(Ranking.of(List.of(1, 2, 3)), Ranking.<Integer>of(List.of()))))
                .extracting(Fused::item)
                .containsExactly(1, 2, 3);
    }

    @Test
    void negative_weights_and_a_negative_k_are_refused() {
        assertThatThrownBy(() -> new Ranking<>(List.of("a"), -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weight");
        assertThatThrownBy(() -> new Ranking<>(List.of("a"), Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReciprocalRankFusion.fuse(-1, List.of(Ranking.of(List.of("a")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k");
    }
}
