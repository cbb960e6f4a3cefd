package dev.engram.ingest.model;

/** What happened to one requested episode. */
public record AddOutcome(String episodeId, boolean created) {

    public static AddOutcome created(String episodeId) {
        return new AddOutcome(episodeId, true);
    }

    public static AddOutcome duplicate(String episodeId) {
        return new AddOutcome(episodeId, false);
    }
}
