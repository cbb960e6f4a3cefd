package dev.engram.vector.segtree;

/**
 * How segment trees are built and searched.
 *
 * @param threshold the cosine similarity a new episode needs with a frontier node's annotation to join it
 * @param steps H, the propagation steps
 * @param decay α, the weight of what a step brings from a neighbour
 * @param topDown whether a node passes its score to its children (a relevant topic refines to its episodes)
 * @param bottomUp whether a node takes its best child's score (a precise hit widens to its topic)
 * @param timeOrder whether trees built from the index insert a session's episodes in the order said; off, in an
 *     arbitrary fixed order: an ablation that shows what the tree owes to time
 */
public record SegTreeSettings(
        double threshold, int steps, double decay, boolean topDown, boolean bottomUp, boolean timeOrder) {

    public SegTreeSettings(double threshold, int steps, double decay, boolean topDown, boolean bottomUp) {
        this(threshold, steps, decay, topDown, bottomUp, true);
    }

    public SegTreeSettings {
        if (threshold < -1 || threshold > 1) {
            throw new IllegalArgumentException("threshold must be a cosine similarity, in [-1, 1]");
        }
        if (steps < 0) {
            throw new IllegalArgumentException("steps must not be negative");
        }
        if (decay < 0 || decay > 1) {
            throw new IllegalArgumentException("decay must be in [0, 1]");
        }
    }
}
