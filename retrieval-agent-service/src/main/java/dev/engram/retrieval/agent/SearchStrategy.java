package dev.engram.retrieval.agent;

import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;

/**
 * One way of finding the nuclei of a search. Strategies differ only in which queries they send and
 * how they decide on them; clustering, reranking and context assembly are shared.
 */
public interface SearchStrategy {

    SearchMode mode();

    /** The nuclei each query found, and the queries the candidates are to be reranked against. */
    Uni<Gathered> gather(SearchRequest request, TraceLog trace);
}
