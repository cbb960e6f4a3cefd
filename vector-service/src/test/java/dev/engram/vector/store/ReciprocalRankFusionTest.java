package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    @Test
    void a_document_ranked_by_both_retrievers_beats_one_ranked_first_by_one() {
        List<ReciprocalRankFusion.Fused<Integer>> fused =
                ReciprocalRankFusion.fuse(60, 10, List.of(List.of(7, 3), List.of(3, 9)));

        assertThat(fused).extracting(ReciprocalRankFusion.Fused::item).containsExactly(3, 7, 9);
        assertThat(fused.get(0).score()).isEqualTo(1.0 / 62 + 1.0 / 61);
    }

    @Test
    void equal_scores_go_to_the_better_single_rank_then_to_the_one_met_first() {
        // 5 and 8 are both 1st once; 2 and 4 are both 2nd once.
        List<ReciprocalRankFusion.Fused<Integer>> fused =
                ReciprocalRankFusion.fuse(60, 10, List.of(List.of(8, 4), List.of(5, 2)));

        assertThat(fused).extracting(ReciprocalRankFusion.Fused::item).containsExactly(8, 5, 4, 2);
    }

    @Test
    void the_limit_keeps_the_best() {
        assertThat(ReciprocalRankFusion.fuse(60, 2, List.of(List.of(1, 2, 3), List.<Integer>of())))
                .extracting(ReciprocalRankFusion.Fused::item)
                .containsExactly(1, 2);
    }
}
