package dev.engram.ingest.model;

/** How many of a user's episodes are stored and how many of them are searchable. */
public record EpisodeCounts(long stored, long indexed) {

    public long pending() {
        return stored - indexed;
    }
}
