package dev.engram.retrieval.model;

import java.util.List;

/** Clusters best first, the context text built from them, and the trace of the search. */
public record SearchResult(List<EpisodeCluster> clusters, String context, SearchTrace trace) {

    public SearchResult {
        clusters = List.copyOf(clusters);
    }
}
