package dev.engram.ingest.model;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * What a correction changes in a stored episode. A null field keeps the stored value; an empty speaker field
 * ({@code producer}, {@code producedFor}, {@code role}) clears it. Metadata, when given, replaces the whole object.
 */
public record EpisodeChange(
        String producer,
        String producedFor,
        String role,
        String content,
        Instant timestamp,
        Map<String, String> metadata) {

    /** The episode as it reads once this change is applied to what is stored. */
    public EpisodeDraft applyTo(StoredEpisode stored) {
        return new EpisodeDraft(
                stored.episodeId,
                producer == null ? stored.producer : emptyAsNull(producer),
                producedFor == null ? stored.producedFor : emptyAsNull(producedFor),
                role == null ? stored.role : emptyAsNull(role),
                content == null ? stored.content : content,
                // PostgreSQL keeps microseconds: the time compared with the stored one must be the one it would keep.
                timestamp == null ? stored.ts : timestamp.truncatedTo(ChronoUnit.MICROS),
                metadata == null ? stored.metadata : metadata);
    }

    private static String emptyAsNull(String value) {
        return value.isEmpty() ? null : value;
    }
}
