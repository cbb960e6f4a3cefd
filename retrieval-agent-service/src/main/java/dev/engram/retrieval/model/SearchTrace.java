package dev.engram.retrieval.model;

import java.util.List;
import java.util.Map;

/**
 * How a search was answered: which strategy ran, why, what it asked, what the LLM cost, where the time went, and
 * how relevant the best cluster was, how many {@code min_relevance} left out, and how many of the closest clusters a
 * question about the present had put newest first; for a graph search, what the walk did, and for a segment-tree
 * search, what the propagation did, and for a reconstruction, what the navigator did (else null).
 */
public record SearchTrace(
        String mode,
        String reason,
        List<String> queries,
        int llmCalls,
        long tokensIn,
        long tokensOut,
        long tookMs,
        Map<String, Long> stageMs,
        float bestRelevance,
        int belowMinRelevance,
        float minRelevance,
        int latestFirst,
        GraphWalk graph,
        TreeRecall segtree,
        Reconstruction reconstruct) {

    public SearchTrace {
        queries = List.copyOf(queries);
        stageMs = Map.copyOf(stageMs);
    }
}
