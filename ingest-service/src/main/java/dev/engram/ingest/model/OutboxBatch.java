package dev.engram.ingest.model;

import java.util.List;

/** Outbox rows claimed under a lease, with the episodes they point at. */
public record OutboxBatch(List<Long> outboxIds, List<StoredEpisode> episodes) {

    public boolean isEmpty() {
        return outboxIds.isEmpty();
    }

    public int size() {
        return outboxIds.size();
    }

    public List<Long> episodePks() {
        return episodes.stream().map(episode -> episode.pk).toList();
    }
}
