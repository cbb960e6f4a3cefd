package dev.engram.ingest.model;

import java.time.Instant;

/** A place in a user's episodes listed in session order: session, then timestamp, then arrival. */
public record ListPosition(String sessionId, Instant ts, long pk) {

    public static ListPosition of(StoredEpisode episode) {
        return new ListPosition(episode.sessionId, episode.ts, episode.pk);
    }
}
