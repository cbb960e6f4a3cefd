package dev.engram.vector.segtree;

import static dev.engram.vector.segtree.SegmentTreeTest.leaf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.engram.vector.model.Vectors;
import dev.engram.vector.segtree.RelevancePropagation.Scores;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A session of two topics, [a b] and [c d]; the query is close to a and, less, to d. By itself b is further
 * from the query than d, but b shares a's topic.
 */
class RelevancePropagationTest {

    private static final Leaf A = leaf("a", 0, 1, 0, 0, 0);
    private static final Leaf B = leaf("b", 1, 0.8f, 0, 0.6f, 0);
    private static final Leaf C = leaf("c", 2, 0, 1, 0, 0);
    private static final Leaf D = leaf("d", 3, 0, 0.8f, 0, 0.6f);
    private static final float[] QUERY = {1, 0, 0, 1.5f};

    private final SegmentTree tree = SegmentTree.of(List.of(A, B, C, D), 0.75);

    @Test
    void the_tree_is_two_topics() {
        assertThat(SegmentTreeTest.render(tree)).isEqualTo("[[a b] [c d]]");
    }

    @Test
    void without_propagation_leaves_rank_by_their_own_similarity() {
        Scores scores = score(0, 0.5, true, true);

        assertThat(ranking(scores)).containsExactly("a", "d", "b", "c");
        assertThat(scores.leaves().get("b")).isCloseTo(Vectors.cosine(B.vector(), QUERY), within(1e-9));
        assertThat(scores.nodes()).isEqualTo(7);
    }

    @Test
    void top_down_a_relevant_topic_lifts_its_episodes() {
        Scores scores = score(1, 0.5, true, false);

        assertThat(ranking(scores)).containsExactly("a", "b", "d", "c");
        double topic = Vectors.cosine(new float[] {1.8f, 0, 0.6f, 0}, QUERY);
        assertThat(scores.leaves().get("b")).isCloseTo(Vectors.cosine(B.vector(), QUERY) + 0.5 * topic, within(1e-6));
    }

    @Test
    void bottom_up_alone_changes_no_leaf_but_a_precise_hit_reaches_its_siblings_through_both() {
        assertThat(ranking(score(3, 0.5, false, true))).containsExactly("a", "d", "b", "c");

        Scores both = score(2, 0.5, true, true);
        assertThat(ranking(both)).containsExactly("a", "b", "d", "c");
        // Two steps: b hears its segment, which heard a (bottom-up), its own local score and the root.
        double topicOfAb = Vectors.cosine(new float[] {1.8f, 0, 0.6f, 0}, QUERY);
        double root = Vectors.cosine(new float[] {1.8f, 1.8f, 0.6f, 0.6f}, QUERY);
        double a = Vectors.cosine(A.vector(), QUERY);
        double b = Vectors.cosine(B.vector(), QUERY);
        double segmentAfterOneStep = topicOfAb + 0.5 * root + 0.5 * Math.max(a, b);
        assertThat(both.leaves().get("b")).isCloseTo(b + 0.5 * segmentAfterOneStep, within(1e-6));
    }

    @Test
    void no_decay_is_no_propagation() {
        assertThat(ranking(score(2, 0, true, true))).containsExactly("a", "d", "b", "c");
    }

    @Test
    void a_summary_closer_to_the_query_than_its_nodes_mean_lifts_that_topic_and_only_a_closer_one_counts() {
        SegTreeSettings settings = new SegTreeSettings(0.75, 1, 0.5, true, false);
        SegmentTree.Node topicOfCd = tree.covering(List.of("c", "d"));
        double own = Vectors.cosine(topicOfCd.annotation(), QUERY);

        Scores lifted = RelevancePropagation.score(List.of(tree), QUERY, settings, Map.of(topicOfCd, 0.99));
        Scores farther = RelevancePropagation.score(List.of(tree), QUERY, settings, Map.of(topicOfCd, own - 0.5));

        assertThat(ranking(lifted)).containsExactly("d", "a", "b", "c");
        assertThat(lifted.leaves().get("c")).isCloseTo(Vectors.cosine(C.vector(), QUERY) + 0.5 * 0.99, within(1e-6));
        assertThat(farther.leaves()).isEqualTo(score(1, 0.5, true, false).leaves());
    }

    private Scores score(int steps, double decay, boolean topDown, boolean bottomUp) {
        return RelevancePropagation.score(
                List.of(tree), QUERY, new SegTreeSettings(0.75, steps, decay, topDown, bottomUp));
    }

    private static List<String> ranking(Scores scores) {
        return scores.leaves().entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
                .map(Map.Entry::getKey)
                .toList();
    }
}
