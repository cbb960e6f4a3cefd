package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.Nucleus;
import java.util.List;

/**
 * What a strategy found: one ranking of nuclei per query (or per body of evidence), best first, and
 * the queries the candidates are reranked against (the user's question first).
 */
public record Gathered(List<List<Nucleus>> rankings, List<String> queries) {

    public Gathered {
        rankings = List.copyOf(rankings);
        queries = List.copyOf(queries);
    }
}
