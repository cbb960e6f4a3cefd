package dev.engram.vector.model;

/** What part of an episode a unit is, which decides how it is searched. */
public enum UnitKind {
    /** The whole message: its words feed BM25, where terms spread over several sentences still add up. */
    TURN,
    /** One sentence: embedded on its own, so one relevant sentence is not diluted by the rest of the turn. */
    SENTENCE,
    /** A description of an attachment (an image caption), embedded as its own unit. */
    CAPTION
}
