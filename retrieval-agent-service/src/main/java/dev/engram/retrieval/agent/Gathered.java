package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.Nucleus;
import java.util.List;

/**
 * What a strategy found: one ranking of nuclei per query (or per body of evidence), best first, and
 * the queries the candidates are reranked against (the user's question first).
 *
 * @param associated how many of the rankings, at the end of the list, were found by association with
 *     other hits (a walk over the user's graph) rather than by a query: their nuclei are candidates like
 *     any, but they do not make a neighbour "matching", since they are about the hits, not the question
 */
public record Gathered(List<List<Nucleus>> rankings, List<String> queries, int associated) {

    public Gathered {
        rankings = List.copyOf(rankings);
        queries = List.copyOf(queries);
        if (associated < 0 || associated > rankings.size()) {
            throw new IllegalArgumentException("associated rankings must be among the rankings");
        }
    }

    /** Rankings that each answer a query. */
    public Gathered(List<List<Nucleus>> rankings, List<String> queries) {
        this(rankings, queries, 0);
    }

    /** The rankings found by a query, whose nuclei are about the question. */
    public List<List<Nucleus>> queried() {
        return rankings.subList(0, rankings.size() - associated);
    }
}
