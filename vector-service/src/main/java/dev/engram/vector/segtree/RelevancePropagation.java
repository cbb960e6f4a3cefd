package dev.engram.vector.segtree;

import dev.engram.vector.model.Vectors;
import dev.engram.vector.segtree.SegmentTree.Node;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores the nodes of segment trees against a query and lets relevance flow along the tree. Every node starts
 * from its local score, the cosine of its annotation (or of its summary, when that is closer) with the query; then, H times, each node's score becomes
 * its local score plus α times what its neighbours held after the previous step: its parent's score (top-down)
 * and its best child's (bottom-up). After H steps a node has heard from everything up to H edges away, each
 * edge weighing α once more.
 */
public final class RelevancePropagation {

    private RelevancePropagation() {}

    /** What the propagation found: the final score of every leaf, by episode id, and how many nodes it scored. */
    public record Scores(Map<String, Double> leaves, int nodes) {}

    public static Scores score(List<SegmentTree> trees, float[] query, SegTreeSettings settings) {
        return score(trees, query, settings, Map.of());
    }

    /**
     * Like {@link #score(List, float[], SegTreeSettings)}, where a node the query found through its summary
     * starts from the better of its annotation's similarity and its summary's.
     *
     * @param summaries node -> the cosine similarity of its summary with the query
     */
    public static Scores score(
            List<SegmentTree> trees, float[] query, SegTreeSettings settings, Map<Node, Double> summaries) {
        Map<String, Double> leaves = new HashMap<>();
        int scored = 0;
        for (SegmentTree tree : trees) {
            List<Node> nodes = tree.nodes();
            scored += nodes.size();
            Map<Node, Double> local = new HashMap<>(nodes.size() * 2);
            for (Node node : nodes) {
                double own = Vectors.cosine(node.annotation(), query);
                local.put(node, Math.max(own, summaries.getOrDefault(node, own)));
            }
            Map<Node, Double> current = local;
            for (int step = 0; step < settings.steps(); step++) {
                Map<Node, Double> next = new HashMap<>(nodes.size() * 2);
                for (Node node : nodes) {
                    double score = local.get(node);
                    if (settings.topDown() && node.parent() != null) {
                        score += settings.decay() * current.get(node.parent());
                    }
                    if (settings.bottomUp() && !node.children().isEmpty()) {
                        double best = node.children().stream()
                                .mapToDouble(current::get)
                                .max()
                                .orElseThrow();
                        score += settings.decay() * best;
                    }
                    next.put(node, score);
                }
                current = next;
            }
            for (Node node : nodes) {
                if (node.leaf() != null) {
                    leaves.put(node.leaf().episodeId(), current.get(node));
                }
            }
        }
        return new Scores(leaves, scored);
    }
}
