package dev.engram.ingest.model;

import java.time.Instant;
import java.util.Comparator;

/** A place in session order: timestamp, then arrival sequence (the episode's key). */
public record SessionPosition(Instant ts, long pk) implements Comparable<SessionPosition> {

    private static final Comparator<SessionPosition> ORDER =
            Comparator.comparing(SessionPosition::ts).thenComparingLong(SessionPosition::pk);

    public static SessionPosition of(StoredEpisode episode) {
        return new SessionPosition(episode.ts, episode.pk);
    }

    @Override
    public int compareTo(SessionPosition other) {
        return ORDER.compare(this, other);
    }

    public boolean isAfter(SessionPosition other) {
        return compareTo(other) > 0;
    }
}
