package dev.engram.retrieval.model;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import java.util.List;

/**
 * A validated search, with defaults applied. Scope and filter stay in their wire form because they
 * are handed on unchanged to vector-service and ingest-service. {@code neighboursChosen} says the
 * caller chose the neighbour policy rather than leaving it to the service.
 */
public record SearchRequest(
        Scope scope,
        String query,
        int topK,
        SearchMode mode,
        int before,
        int after,
        NeighbourPolicy neighbours,
        boolean neighboursChosen,
        SearchFilter filter,
        int maxContextTokens,
        boolean includeShortTerm,
        List<String> rerankers,
        double minRelevance) {

    public SearchRequest {
        rerankers = List.copyOf(rerankers);
    }

    /** The same search within another filter. */
    public SearchRequest withFilter(SearchFilter other) {
        return new SearchRequest(
                scope,
                query,
                topK,
                mode,
                before,
                after,
                neighbours,
                neighboursChosen,
                other,
                maxContextTokens,
                includeShortTerm,
                rerankers,
                minRelevance);
    }

    /** The same search with each hit standing alone: no neighbours before or after it. */
    public SearchRequest withoutNeighbours() {
        return new SearchRequest(
                scope,
                query,
                topK,
                mode,
                0,
                0,
                neighbours,
                neighboursChosen,
                filter,
                maxContextTokens,
                includeShortTerm,
                rerankers,
                minRelevance);
    }

    /** Whether the short-term memory of the scope's session is wanted and can be read. */
    public boolean wantsShortTerm() {
        return includeShortTerm && !scope.getSessionId().isEmpty();
    }
}
