package dev.engram.vector.segtree;

import dev.engram.vector.model.Vectors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The segment tree of one session: its episodes are the leaves, in the order they were said, and every inner
 * node covers a contiguous run of them. A node's annotation is the mean of the embeddings of the leaves below
 * it, kept as a sum so that adding or removing a leaf updates only its path.
 *
 * <p>An episode said after every other is inserted along the <em>rightmost frontier</em> (the inner nodes whose
 * run ends at the newest leaf): it joins the deepest frontier node whose annotation is within the threshold's
 * cosine similarity; under a node of segments it opens a new segment; when no frontier node is close enough, a
 * new root is made over the old one and a new segment. Each insertion visits the frontier once, O(depth). An
 * episode said before the newest leaf (it arrived late) is not appended: the session is built again in the
 * order said, so leaves always stay in time order. Not thread-safe; {@link UserTrees} guards it.
 */
public final class SegmentTree {

    /** A node: a leaf (an episode, level 0), a segment (level 1, whose children are leaves) or a node above. */
    public static final class Node {

        final int level;
        final Leaf leaf;
        final List<Node> children = new ArrayList<>();
        Node parent;
        final float[] sum;
        int leaves;

        private Node(int level, Leaf leaf, int dimensions) {
            this.level = level;
            this.leaf = leaf;
            this.sum = new float[dimensions];
        }

        public int level() {
            return level;
        }

        public Leaf leaf() {
            return leaf;
        }

        public List<Node> children() {
            return children;
        }

        public Node parent() {
            return parent;
        }

        /** The mean embedding of the leaves below, not normalised (cosine does not need it). */
        public float[] annotation() {
            return leaf != null ? leaf.vector() : sum;
        }

        /** The episodes below, in the order said. */
        public List<String> episodes() {
            List<String> episodes = new ArrayList<>();
            collect(this, episodes);
            return episodes;
        }

        private static void collect(Node node, List<String> episodes) {
            if (node.leaf != null) {
                episodes.add(node.leaf.episodeId());
            }
            node.children.forEach(child -> collect(child, episodes));
        }
    }

    private final double threshold;
    private final Map<String, Node> leaves = new HashMap<>();
    private Node root;
    private Node newest;

    private SegmentTree(double threshold) {
        this.threshold = threshold;
    }

    /** The tree of {@code session}'s leaves, inserted one by one in the order said. */
    public static SegmentTree of(Collection<Leaf> session, double threshold) {
        return of(session, threshold, Leaf.SAID_ORDER);
    }

    /** The tree of {@code session}'s leaves inserted in {@code order}: another order than said is an ablation. */
    public static SegmentTree of(Collection<Leaf> session, double threshold, Comparator<Leaf> order) {
        SegmentTree tree = new SegmentTree(threshold);
        session.stream().sorted(order).forEach(tree::append);
        return tree;
    }

    /**
     * Adds episodes: appended along the frontier when said after the newest leaf, else the session is built
     * again in the order said. An episode already in the tree is replaced.
     *
     * @return the tree that holds them: this one, or a new one built again
     */
    public SegmentTree add(Collection<Leaf> added) {
        List<Leaf> sorted = added.stream().sorted(Leaf.SAID_ORDER).toList();
        boolean inOrder = sorted.stream().noneMatch(leaf -> leaves.containsKey(leaf.episodeId()))
                && (newest == null || sorted.isEmpty() || Leaf.SAID_ORDER.compare(newest.leaf, sorted.get(0)) < 0);
        if (inOrder) {
            sorted.forEach(this::append);
            return this;
        }
        Map<String, Leaf> all = new HashMap<>();
        leaves.values().forEach(node -> all.put(node.leaf.episodeId(), node.leaf));
        sorted.forEach(leaf -> all.put(leaf.episodeId(), leaf));
        return of(all.values(), threshold);
    }

    /** Removes an episode's leaf, inner nodes left empty with it, and its vector from every annotation above. */
    public void remove(String episodeId) {
        Node leaf = leaves.remove(episodeId);
        if (leaf == null) {
            return;
        }
        Node child = leaf;
        Node parent = leaf.parent;
        while (parent != null) {
            if (child.leaves == 0 || child == leaf) {
                parent.children.remove(child);
            }
            subtract(parent, leaf.leaf.vector());
            child = parent;
            parent = parent.parent;
        }
        if (root != null && root.leaves == 0) {
            root = null;
        }
        // A root left with one child hands the tree to it.
        while (root != null && root.leaf == null && root.children.size() == 1 && root.children.get(0).leaf == null) {
            root = root.children.get(0);
            root.parent = null;
        }
        newest = root == null ? null : lastLeaf(root);
    }

    public Node root() {
        return root;
    }

    public int size() {
        return leaves.size();
    }

    public boolean isEmpty() {
        return leaves.isEmpty();
    }

    public Node leaf(String episodeId) {
        return leaves.get(episodeId);
    }

    /**
     * The lowest node above every given episode that is in this tree (the segment of one alone); null when none
     * is. A summary written over a run the tree has since regrouped still finds the node that holds it.
     */
    public Node covering(List<String> episodeIds) {
        Node lowest = null;
        for (String episodeId : episodeIds) {
            Node leaf = leaves.get(episodeId);
            if (leaf != null) {
                lowest = lowest == null ? leaf.parent : commonAncestor(lowest, leaf);
            }
        }
        return lowest;
    }

    private static Node commonAncestor(Node one, Node other) {
        Set<Node> above = new HashSet<>();
        for (Node node = one; node != null; node = node.parent) {
            above.add(node);
        }
        for (Node node = other; node != null; node = node.parent) {
            if (above.contains(node)) {
                return node;
            }
        }
        return null;
    }

    /** Every node, leaves included, parents before children. */
    public List<Node> nodes() {
        List<Node> nodes = new ArrayList<>();
        if (root != null) {
            List<Node> next = new ArrayList<>(List.of(root));
            while (!next.isEmpty()) {
                Node node = next.remove(next.size() - 1);
                nodes.add(node);
                next.addAll(node.children);
            }
        }
        return nodes;
    }

    private void append(Leaf leaf) {
        Node node = new Node(0, leaf, leaf.vector().length);
        node.leaves = 1;
        leaves.put(leaf.episodeId(), node);
        if (root == null) {
            root = segment(node);
        } else {
            Node host = deepestCompatibleOnFrontier(leaf.vector());
            if (host == null) {
                Node top = new Node(root.level + 1, null, leaf.vector().length);
                adopt(top, root);
                root = top;
                adopt(top, segment(node));
            } else if (host.level == 1) {
                adopt(host, node);
            } else {
                adopt(host, segment(node));
            }
        }
        newest = node;
    }

    /** The frontier is the path of inner nodes from the newest leaf's segment up to the root. */
    private Node deepestCompatibleOnFrontier(float[] vector) {
        for (Node node = newest.parent; node != null; node = node.parent) {
            if (Vectors.cosine(node.sum, vector) >= threshold) {
                return node;
            }
        }
        return null;
    }

    private Node segment(Node leaf) {
        Node segment = new Node(1, null, leaf.sum.length);
        adopt(segment, leaf);
        return segment;
    }

    /** Makes {@code child} the last child of {@code parent} and adds its leaves to every annotation above. */
    private static void adopt(Node parent, Node child) {
        parent.children.add(child);
        child.parent = parent;
        float[] vector = child.annotation();
        for (Node node = parent; node != null; node = node.parent) {
            for (int i = 0; i < vector.length; i++) {
                node.sum[i] += vector[i];
            }
            node.leaves += child.leaves;
        }
    }

    private static void subtract(Node node, float[] vector) {
        for (int i = 0; i < vector.length; i++) {
            node.sum[i] -= vector[i];
        }
        node.leaves--;
    }

    private static Node lastLeaf(Node node) {
        Node last = node;
        while (last.leaf == null && !last.children.isEmpty()) {
            last = last.children.get(last.children.size() - 1);
        }
        return last.leaf == null ? null : last;
    }
}
