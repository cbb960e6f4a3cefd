package dev.engram.vector.model;

/** What part of an episode a unit is, which decides how it is searched. */
public enum UnitKind {
    /** The whole message: its words feed BM25, where terms spread over several sentences still add up. */
    TURN,
    /** One sentence: embedded on its own, so one relevant sentence is not diluted by the rest of the turn. */
    SENTENCE,
    /** A description of an attachment (an image caption), embedded as its own unit. */
    CAPTION,
    /**
     * An atomic fact derived from a sentence or a caption: searched by its own words (BM25) and by the meaning
     * of the unit it states, and linked to other facts in the user's associative graph.
     */
    FACT
}
