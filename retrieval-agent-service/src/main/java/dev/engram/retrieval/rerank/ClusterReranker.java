package dev.engram.retrieval.rerank;

import java.util.List;

/**
 * One way of judging how well candidate clusters answer a query. The pipeline may combine several
 * by reciprocal-rank fusion, so a reranker only has to order candidates well, not calibrate scores.
 */
public interface ClusterReranker {

    /** Stable name used in configuration and in requests ({@code rrf}, {@code bm25}, ...). */
    String name();

    /** True when scoring calls out of process or runs a model, so it must not run on an event loop. */
    default boolean blocking() {
        return false;
    }

    /** False when the reranker needs something that is not configured (a model, an endpoint). */
    default boolean available() {
        return true;
    }

    /** False when the reranker has nothing to say about this query; it is then left out of the fusion. */
    default boolean appliesTo(String query) {
        return true;
    }

    /**
     * False when the scores do not depend on the query (retrieval order); such a reranker is asked
     * once even when a search reranks against several queries.
     */
    default boolean readsQuery() {
        return true;
    }

    /** One score per candidate, in the order given; higher means more relevant. */
    double[] score(String query, List<RerankCandidate> candidates);
}
