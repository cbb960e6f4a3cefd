package dev.engram.retrieval.model;

import java.util.Locale;

/** The retrieval strategies a caller may ask for. */
public enum SearchMode {
    /** Let the service choose the strategy. */
    AUTO,
    /** One vector search, contextualized. */
    DIRECT,
    /** Independent single-hop sub-queries searched in parallel, merged and reranked together. */
    SPLIT,
    /** Rounds of search, each round's query built from what the previous rounds found. */
    CHAIN,
    /** The question's facts, then a random walk over the user's associative graph of facts. */
    GRAPH,
    /** Relevance propagated along a segment tree of each session, fused with the direct search. */
    SEGTREE,
    /** A navigator over the user's cue-tag-content graph, opening what fits the question, fused with the direct search. */
    RECONSTRUCT;

    /** The mode as traces and metrics name it: auto, direct, split, chain, graph, segtree, reconstruct. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
