package dev.engram.vector.model;

/**
 * One searchable piece of an episode.
 *
 * @param unitId unique within its episode
 * @param kind decides which retriever sees the unit: BM25 reads turns, the dense retriever reads every
 *     unit that has a vector
 * @param vector the embedding of {@code text}, or null when the unit is not embedded
 */
public record IndexUnit(String unitId, UnitKind kind, String text, float[] vector) {}
