package dev.engram.ingest.model;

import java.util.List;

/**
 * One summarizer round of a claimed short-term memory: the episodes that left the window and are not
 * summarized yet (oldest first, at most a round's worth), and the coverage once they are. {@code
 * caughtUp} is false when more evicted episodes wait for another round.
 */
public record SummaryRound(
        ShortTermClaim claim, String previousSummary, List<StoredEpisode> evicted, Coverage after, boolean caughtUp) {

    public boolean hasWork() {
        return !evicted.isEmpty();
    }
}
