package dev.engram.vector.model;

/**
 * A hybrid search: {@code text} feeds BM25, {@code vector} (its embedding) the dense retriever.
 *
 * @param limit the most hits to return
 */
public record UnitQuery(String text, float[] vector, UnitFilter filter, int limit) {}
