package dev.engram.retrieval.service;

import dev.engram.proto.v1.Episode;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.model.EpisodeCluster;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * For a question about how things stand now, puts the newest of the clusters that answer it about equally well
 * first. After "I moved to Denver" and, months later, "I'm moving to Seattle", both come about as close to "Where
 * does Dana live now?"; the later statement is the answer and the earlier one its history, so both stay, newest
 * first. "About equally well" is a similarity to the question within {@code latest.similarity-margin} of the best
 * cluster's. These contenders lead the answer as a block, newest first, whatever places the reranking gave them: a
 * second search round can rank a closer statement of an earlier state below a loosely related turn, and the
 * history would fall out of a short answer. Clusters further below follow in their order, so an old but far
 * better answer is not buried by a recent mention in passing. Questions about the past, and clusters not scored for
 * relevance, keep the order they had.
 */
@ApplicationScoped
public class LatestFirst {

    private final RetrievalConfig.Latest config;

    public LatestFirst(RetrievalConfig config) {
        this.config = config.latest();
    }

    /** Whether the question asks how things stand now, and ordering for it is on. */
    public boolean applies(String question) {
        return config.enabled() && PresentStateQuestion.asks(question);
    }

    /** The clusters reordered, and whether the question asked for the latest state. */
    public Ordered order(String question, List<EpisodeCluster> clusters) {
        return applies(question) ? newestFirst(clusters) : new Ordered(clusters, 0);
    }

    /** The clusters of a question already known to ask about the present ({@link #applies}), reordered. */
    public Ordered newestFirst(List<EpisodeCluster> clusters) {
        if (clusters.size() < 2) {
            return new Ordered(clusters, 0);
        }
        float best = (float) clusters.stream()
                .mapToDouble(cluster -> cluster.relevance().similarity())
                .max()
                .orElse(0);
        if (best <= 0) {
            return new Ordered(clusters, 0);
        }
        double floor = best - config.similarityMargin();
        List<EpisodeCluster> contenders = new ArrayList<>();
        List<EpisodeCluster> others = new ArrayList<>();
        for (EpisodeCluster cluster : clusters) {
            (cluster.relevance().similarity() >= floor ? contenders : others).add(cluster);
        }
        // Sorting is stable: contenders of the same time keep the reranking's order.
        contenders.sort(Comparator.comparingLong(LatestFirst::newest).reversed());
        List<EpisodeCluster> ordered = new ArrayList<>(contenders);
        ordered.addAll(others);
        return new Ordered(ordered, contenders.size());
    }

    /** The clusters in their new order; {@code contenders} of them were ordered by time (0: none). */
    public record Ordered(List<EpisodeCluster> clusters, int contenders) {}

    private static long newest(EpisodeCluster cluster) {
        return cluster.episodes().stream()
                .filter(Episode::hasTimestamp)
                .mapToLong(episode -> episode.getTimestamp().getSeconds())
                .max()
                .orElse(Long.MIN_VALUE);
    }
}
