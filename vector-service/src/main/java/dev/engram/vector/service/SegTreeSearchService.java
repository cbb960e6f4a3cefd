package dev.engram.vector.service;

import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.Vectors;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.RelevancePropagation;
import dev.engram.vector.segtree.RelevancePropagation.Scores;
import dev.engram.vector.segtree.SegTreeRecall;
import dev.engram.vector.segtree.SegTreeSettings;
import dev.engram.vector.segtree.SegmentSummary;
import dev.engram.vector.segtree.SegmentTree;
import dev.engram.vector.segtree.UserTrees;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Segment-tree recall: every node of the user's session trees is scored against the query, relevance is
 * propagated along the trees, and the episodes whose leaves end highest are the ranking, within the request's
 * filter. Blocking: store reads when trees are not held, and the scoring.
 */
@ApplicationScoped
public class SegTreeSearchService {

    private final VectorStore store;
    private final QueryEmbeddings embeddings;
    private final UserTrees trees;
    private final SegTreeSettings settings;
    private final StageTimers stages;
    private final int summaryHits;

    SegTreeSearchService(
            VectorStore store,
            QueryEmbeddings embeddings,
            UserTrees trees,
            SegTreeSettings settings,
            VectorConfig config,
            MeterRegistry registry) {
        this.store = store;
        this.embeddings = embeddings;
        this.trees = trees;
        this.settings = settings;
        this.stages = new StageTimers(
                registry,
                "engram.vector.segtree.stage",
                "Time of each stage of a segment-tree search: trees (building trees not held), embed (the query),"
                        + " summaries (searching segment summaries), score, rank",
                List.of("trees", "embed", "summaries", "score", "rank"));
        this.summaryHits = config.segtree().summaryHits();
    }

    /**
     * The segment of each given episode: the episodes of its segment in its session's tree, in the order said;
     * episodes not in the user's trees are absent.
     */
    public Map<String, List<String>> segments(String project, String userId, Collection<String> episodeIds) {
        return trees.read(project, userId, () -> store.leaves(project, userId), held -> {
            Map<String, List<String>> segments = new LinkedHashMap<>();
            for (SegmentTree tree : held) {
                for (String episodeId : episodeIds) {
                    SegmentTree.Node leaf = tree.leaf(episodeId);
                    if (leaf != null) {
                        segments.put(episodeId, leaf.parent().episodes());
                    }
                }
            }
            return segments;
        });
    }

    public SegTreeRecall search(UnitFilter filter, String query, int limit) {
        Map<String, Long> micros = new LinkedHashMap<>();
        long started = System.nanoTime();
        Supplier<List<Leaf>> leavesOfUser = () -> store.leaves(filter.project(), filter.userId());
        // Built (or found held) apart from the scoring, so that the trace tells the two apart.
        trees.read(filter.project(), filter.userId(), leavesOfUser, List::size);
        started = stages.lap(micros, "trees", started);
        float[] vector = embeddings.embed(query);
        // Shared with the direct search beside this one when both embed the query at once.
        started = stages.lap(micros, "embed", started);
        List<SegmentSummary> summaries =
                summaryHits == 0 ? List.of() : store.searchSummaries(filter, query, vector, summaryHits);
        started = stages.lap(micros, "summaries", started);
        record Scored(Scores scores, Map<String, Leaf> leaves, int trees, int summarized) {}
        Scored scored = trees.read(filter.project(), filter.userId(), leavesOfUser, held -> {
            Map<String, Leaf> leaves = new LinkedHashMap<>();
            for (SegmentTree tree : held) {
                tree.nodes().stream()
                        .filter(node -> node.leaf() != null)
                        .forEach(node -> leaves.put(node.leaf().episodeId(), node.leaf()));
            }
            Map<SegmentTree.Node, Double> bySummary = summarized(held, summaries, vector);
            return new Scored(
                    RelevancePropagation.score(held, vector, settings, bySummary),
                    leaves,
                    held.size(),
                    bySummary.size());
        });
        started = stages.lap(micros, "score", started);
        if (scored.leaves().isEmpty()) {
            return new SegTreeRecall(List.of(), 0, 0, 0, 0, 0, micros);
        }
        Set<String> allowed =
                filter.narrows() ? store.allowed(filter, scored.leaves().keySet()) : null;
        List<UnitHit> ranked = new ArrayList<>(limit);
        scored.scores().leaves().entrySet().stream()
                .filter(leaf -> allowed == null || allowed.contains(leaf.getKey()))
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(limit)
                .forEach(leaf -> {
                    Leaf episode = scored.leaves().get(leaf.getKey());
                    ranked.add(new UnitHit(
                            episode.episodeId(),
                            episode.sessionId(),
                            episode.episodeId(),
                            "",
                            episode.timestamp(),
                            leaf.getValue()));
                });
        stages.lap(micros, "rank", started);
        return new SegTreeRecall(
                ranked,
                scored.leaves().size(),
                scored.trees(),
                scored.scores().nodes(),
                scored.summarized(),
                settings.steps(),
                micros);
    }

    /** The node each summary found stands for, with its summary's similarity to the query. */
    private static Map<SegmentTree.Node, Double> summarized(
            List<SegmentTree> held, List<SegmentSummary> summaries, float[] query) {
        Map<SegmentTree.Node, Double> nodes = new HashMap<>();
        for (SegmentSummary summary : summaries) {
            for (SegmentTree tree : held) {
                SegmentTree.Node node = tree.covering(summary.episodeIds());
                if (node != null) {
                    nodes.merge(node, Vectors.cosine(summary.vector(), query), Math::max);
                    break;
                }
            }
        }
        return nodes;
    }
}
