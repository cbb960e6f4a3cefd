package dev.engram.vector.segtree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.engram.vector.segtree.SegmentTree.Node;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SegmentTreeTest {

    private static final Instant T0 = Instant.parse("2023-05-08T10:00:00Z");

    static Leaf leaf(String id, int minute, float... vector) {
        return new Leaf(id, "s", T0.plusSeconds(60L * minute), vector);
    }

    private static final Leaf A = leaf("a", 0, 1, 0, 0);
    private static final Leaf B = leaf("b", 1, 0.9f, 0.1f, 0);
    private static final Leaf C = leaf("c", 2, 0, 1, 0);
    private static final Leaf D = leaf("d", 3, 0, 0.95f, 0.05f);
    private static final Leaf E = leaf("e", 4, 0.7f, 0.7f, 0);

    @Test
    void an_episode_joins_the_deepest_close_node_of_the_frontier_else_a_new_root_is_made() {
        SegmentTree tree = SegmentTree.of(List.of(A, B), 0.8);
        assertThat(render(tree)).isEqualTo("[a b]");

        tree = tree.add(List.of(C));
        // c is far from the only frontier node, [a b]: a new root over it and c's new segment.
        assertThat(render(tree)).isEqualTo("[[a b] [c]]");

        tree = tree.add(List.of(D));
        assertThat(render(tree)).isEqualTo("[[a b] [c d]]");

        tree = tree.add(List.of(E));
        // e is far from [c d] but close to the root, which spans everything: a new segment under the root.
        assertThat(render(tree)).isEqualTo("[[a b] [c d] [e]]");
        assertThat(tree.root().level()).isEqualTo(2);
        assertThat(tree.size()).isEqualTo(5);
    }

    @Test
    void inserting_one_by_one_builds_the_tree_built_at_once() {
        SegmentTree online = SegmentTree.of(List.of(), 0.8);
        for (Leaf leaf : List.of(A, B, C, D, E)) {
            online = online.add(List.of(leaf));
        }

        assertThat(render(online)).isEqualTo(render(SegmentTree.of(List.of(E, C, A, D, B), 0.8)));
    }

    @Test
    void an_episode_said_earlier_than_the_newest_leaf_is_placed_in_time_order() {
        SegmentTree tree = SegmentTree.of(List.of(A, B, D), 0.8);
        Leaf late = leaf("c", 2, 0, 1, 0);

        SegmentTree rebuilt = tree.add(List.of(late));

        assertThat(rebuilt.root().episodes()).containsExactly("a", "b", "c", "d");
        assertThat(render(rebuilt)).isEqualTo("[[a b] [c d]]");
    }

    @Test
    void indexing_an_episode_again_replaces_its_leaf() {
        SegmentTree tree = SegmentTree.of(List.of(A, B, C), 0.8);

        SegmentTree again = tree.add(List.of(leaf("b", 1, 0, 1, 0)));

        assertThat(again.size()).isEqualTo(3);
        assertThat(render(again)).isEqualTo("[[a] [b c]]");
    }

    @Test
    void an_annotation_is_the_sum_of_the_leaves_below_and_follows_deletions() {
        SegmentTree tree = SegmentTree.of(List.of(A, B, C, D), 0.8);
        assertThat(tree.root().annotation()).containsExactly(new float[] {1.9f, 2.05f, 0.05f}, within(1e-6f));

        tree.remove("b");
        assertThat(render(tree)).isEqualTo("[[a] [c d]]");
        assertThat(tree.root().annotation()).containsExactly(new float[] {1f, 1.95f, 0.05f}, within(1e-6f));
        assertThat(tree.leaf("a").parent().annotation()).containsExactly(new float[] {1f, 0f, 0f}, within(1e-6f));

        tree.remove("a");
        // The emptied segment goes, and the root left with one child hands the tree to it.
        assertThat(render(tree)).isEqualTo("[c d]");
        assertThat(tree.root().parent()).isNull();
        assertThat(tree.root().annotation()).containsExactly(new float[] {0f, 1.95f, 0.05f}, within(1e-6f));

        tree.remove("c");
        tree.remove("d");
        assertThat(tree.isEmpty()).isTrue();
        assertThat(tree.root()).isNull();
        tree.remove("d");
    }

    @Test
    void after_a_deletion_new_episodes_are_appended_to_the_new_frontier() {
        SegmentTree tree = SegmentTree.of(List.of(A, B, C, D), 0.8);
        tree.remove("d");
        tree.remove("c");

        tree = tree.add(List.of(leaf("f", 9, 1, 0.05f, 0)));

        assertThat(render(tree)).isEqualTo("[a b f]");
        assertThat(tree.root().episodes()).containsExactly("a", "b", "f");
        assertThat(tree.leaf("f").parent()).isSameAs(tree.leaf("a").parent());
    }

    @Test
    void the_ablation_order_ignores_time_but_is_the_same_every_time() {
        List<String> shuffled = SegmentTree.of(List.of(A, B, C, D, E), 0.8, Leaf.SHUFFLED)
                .root()
                .episodes();

        assertThat(shuffled)
                .containsExactlyInAnyOrder("a", "b", "c", "d", "e")
                .isNotEqualTo(List.of("a", "b", "c", "d", "e"));
        assertThat(SegmentTree.of(List.of(E, D, C, B, A), 0.8, Leaf.SHUFFLED)
                        .root()
                        .episodes())
                .isEqualTo(shuffled);
    }

    /** Inner nodes as brackets, leaves as their ids. */
    static String render(SegmentTree tree) {
        return tree.root() == null ? "" : render(tree.root());
    }

    @Test
    void the_node_covering_episodes_is_their_lowest_common_node_even_when_some_are_gone() {
        SegmentTree tree = SegmentTree.of(List.of(A, B, C, D), 0.75);

        assertThat(render(tree.covering(List.of("a", "b")))).isEqualTo("[a b]");
        assertThat(render(tree.covering(List.of("b", "c")))).isEqualTo("[[a b] [c d]]");
        assertThat(render(tree.covering(List.of("gone", "d")))).isEqualTo("[c d]");
        assertThat(tree.covering(List.of("gone"))).isNull();
    }

    private static String render(Node node) {
        if (node.leaf() != null) {
            return node.leaf().episodeId();
        }
        List<String> children = new ArrayList<>();
        node.children().forEach(child -> children.add(render(child)));
        return children.stream().collect(Collectors.joining(" ", "[", "]"));
    }
}
