package dev.engram.retrieval.model;

/** An episode that matched the query directly, with the score of its best hit. */
public record Nucleus(String episodeId, float score) {}
