package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    @Test
    void a_document_ranked_by_both_retrievers_beats_one_ranked_first_by_one() {
        List<ReciprocalRankFusion.Fused> fused =
                ReciprocalRankFusion.fuse(60, 10, List.of(new int[] {7, 3}, new int[] {3, 9}));

        assertThat(fused).extracting(ReciprocalRankFusion.Fused::doc).containsExactly(3, 7, 9);
        assertThat(fused.get(0).score()).isEqualTo(1.0 / 62 + 1.0 / 61);
    }

    @Test
    void equal_scores_go_to_the_better_single_rank_then_the_lower_id() {
        // 5 and 8 are both 1st once; 2 and 4 are both 2nd once.
        List<ReciprocalRankFusion.Fused> fused =
                ReciprocalRankFusion.fuse(60, 10, List.of(new int[] {8, 4}, new int[] {5, 2}));

        assertThat(fused).extracting(ReciprocalRankFusion.Fused::doc).containsExactly(5, 8, 2, 4);
    }

    @Test
    void the_limit_keeps_the_best() {
        assertThat(ReciprocalRankFusion.fuse(60, 2, List.of(new int[] {1, 2, 3}, new int[0])))
                .extracting(ReciprocalRankFusion.Fused::doc)
                .containsExactly(1, 2);
    }
}
