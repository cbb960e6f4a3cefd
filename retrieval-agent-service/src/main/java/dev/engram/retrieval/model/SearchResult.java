package dev.engram.retrieval.model;

import dev.engram.proto.v1.ShortTermMemory;
import java.util.List;
import java.util.Optional;

/**
 * Clusters best first, the context text built from them, the trace of the search and, when asked
 * for with a session, that session's short-term memory.
 */
public record SearchResult(
        List<EpisodeCluster> clusters, String context, SearchTrace trace, Optional<ShortTermMemory> shortTerm) {

    public SearchResult {
        clusters = List.copyOf(clusters);
    }
}
