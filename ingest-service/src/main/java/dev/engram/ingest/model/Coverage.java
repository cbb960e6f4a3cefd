package dev.engram.ingest.model;

import java.time.Instant;

/**
 * Which episodes a summary covers: those at or before {@code through} in session order whose key is
 * at most {@code maxPk}. The key bound matters for an episode that arrives after a summary was
 * written but carries an older timestamp: it sorts before {@code through}, yet the summary has never
 * seen it, so it stays uncovered (and visible) until a later round takes it in.
 */
public record Coverage(SessionPosition through, long maxPk, long episodes) {

    public static final Coverage NONE = new Coverage(new SessionPosition(Instant.EPOCH, 0), 0, 0);

    public boolean covers(StoredEpisode episode) {
        return episode.pk <= maxPk && !SessionPosition.of(episode).isAfter(through);
    }

    public boolean isEmpty() {
        return maxPk == 0;
    }
}
