package dev.engram.retrieval.model;

/**
 * An episode that matched the query directly, with the score and the text of its best hit. The text
 * is what the agent strategies read as evidence when they decide on a follow-up query.
 */
public record Nucleus(String episodeId, float score, String text) {

    public Nucleus(String episodeId, float score) {
        this(episodeId, score, "");
    }
}
