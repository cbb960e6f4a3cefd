package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.Nucleus;
import java.util.List;

/**
 * What a strategy found: one ranking of nuclei per query (or per body of evidence), best first, the
 * queries the candidates are reranked against (the user's question first), and whether the answer
 * is expected to be spread over several sessions, so the best cluster of each should come first.
 */
public record Gathered(List<List<Nucleus>> rankings, List<String> queries, boolean spreadOverSessions) {

    public Gathered(List<List<Nucleus>> rankings, List<String> queries) {
        this(rankings, queries, false);
    }

    public Gathered {
        rankings = List.copyOf(rankings);
        queries = List.copyOf(queries);
    }
}
