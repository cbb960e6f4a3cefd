package dev.engram.ingest.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Outbox rows claimed under a lease, with the episodes they point at; {@code rowEpisodePks} holds
 * the episode of each row, in the order of {@code outboxIds}.
 */
public record OutboxBatch(List<Long> outboxIds, List<Long> rowEpisodePks, List<StoredEpisode> episodes) {

    public boolean isEmpty() {
        return outboxIds.isEmpty();
    }

    public int size() {
        return outboxIds.size();
    }

    public List<Long> episodePks() {
        return episodes.stream().map(episode -> episode.pk).toList();
    }

    /** One batch per row, in claim order, for delivering rows one at a time. */
    public List<OutboxBatch> split() {
        Map<Long, StoredEpisode> byPk =
                episodes.stream().collect(Collectors.toMap(episode -> episode.pk, Function.identity()));
        return IntStream.range(0, size())
                .mapToObj(i -> {
                    StoredEpisode episode = byPk.get(rowEpisodePks.get(i));
                    return new OutboxBatch(
                            List.of(outboxIds.get(i)),
                            List.of(rowEpisodePks.get(i)),
                            episode == null ? List.of() : List.of(episode));
                })
                .toList();
    }
}
