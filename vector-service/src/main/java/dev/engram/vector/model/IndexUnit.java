package dev.engram.vector.model;

/**
 * One searchable piece of an episode (the whole episode, or later one of its sentences).
 *
 * @param unitId unique within its episode
 * @param vector the embedding of {@code text}
 */
public record IndexUnit(String unitId, String text, float[] vector) {}
