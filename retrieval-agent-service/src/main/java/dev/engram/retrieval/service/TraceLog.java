package dev.engram.retrieval.service;

import dev.engram.retrieval.model.GraphWalk;
import dev.engram.retrieval.model.Reconstruction;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchTrace;
import dev.engram.retrieval.model.TreeRecall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one search has done so far, written by every stage and strategy as it goes. Stages of a
 * strategy may run in parallel, so every method is safe to call from several threads.
 */
public final class TraceLog {

    private final long startedNanos = System.nanoTime();
    private final Map<String, Long> stageMs = new ConcurrentHashMap<>();
    private final List<String> queries = new ArrayList<>();
    private SearchMode mode;
    private String reason = "";
    private int llmCalls;
    private long tokensIn;
    private long tokensOut;
    private float bestRelevance;
    private int belowMinRelevance;
    private float minRelevance;
    private int latestFirst;
    private GraphWalk graph;
    private TreeRecall segtree;
    private Reconstruction reconstruct;

    public long startedNanos() {
        return startedNanos;
    }

    public synchronized void chose(SearchMode chosen, String why) {
        this.mode = chosen;
        this.reason = why;
    }

    public synchronized SearchMode mode() {
        return mode;
    }

    /** Records a query sent to the index; the same query twice is listed once. */
    public synchronized void queried(String query) {
        if (!queries.contains(query)) {
            queries.add(query);
        }
    }

    public synchronized List<String> queries() {
        return List.copyOf(queries);
    }

    public synchronized void llmCall(long in, long out) {
        llmCalls++;
        tokensIn += in;
        tokensOut += out;
    }

    public synchronized int llmCalls() {
        return llmCalls;
    }

    /** Adds to a stage's time, since a strategy may pass through one stage several times. */
    public void stage(String stage, long millis) {
        stageMs.merge(stage, millis, Long::sum);
    }

    /** The best relevance among the clusters found, and how many fell below the request's minimum. */
    public synchronized void relevance(float best, int below, float minimum) {
        this.bestRelevance = best;
        this.belowMinRelevance = below;
        this.minRelevance = minimum;
    }

    /** How many of the closest clusters were put newest first for a question about the present. */
    public synchronized void latestFirst(int contenders) {
        this.latestFirst = contenders;
    }

    /** What a graph search's walk did. */
    public synchronized void walked(GraphWalk walk) {
        this.graph = walk;
    }

    /** What a segment-tree search's propagation did. */
    public synchronized void propagated(TreeRecall recall) {
        this.segtree = recall;
    }

    /** What a reconstruction's navigator did. */
    public synchronized void reconstructed(Reconstruction reconstruction) {
        this.reconstruct = reconstruction;
    }

    public synchronized SearchTrace finish(long tookMs) {
        return new SearchTrace(
                mode.wireName(),
                reason,
                queries,
                llmCalls,
                tokensIn,
                tokensOut,
                tookMs,
                stageMs,
                bestRelevance,
                belowMinRelevance,
                minRelevance,
                latestFirst,
                graph,
                segtree,
                reconstruct);
    }
}
