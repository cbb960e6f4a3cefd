package dev.engram.vector.model;

/**
 * A unit before embedding.
 *
 * @param unitId unique within the episode
 * @param embedded whether the dense retriever should see this unit
 */
public record UnitText(String unitId, UnitKind kind, String text, boolean embedded) {}
