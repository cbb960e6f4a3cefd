package dev.engram.ingest.model;

import java.time.Instant;
import java.util.Map;

/**
 * An episode as the client sent it. {@code id} and {@code timestamp} may be null: the service then
 * generates an id and uses the time of arrival. Other optional strings are null when absent.
 */
public record EpisodeDraft(
        String id,
        String producer,
        String producedFor,
        String role,
        String content,
        Instant timestamp,
        Map<String, String> metadata) {

    public EpisodeDraft {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** This draft with the id and timestamp the service decided on. */
    public EpisodeDraft resolve(String resolvedId, Instant resolvedTimestamp) {
        return new EpisodeDraft(resolvedId, producer, producedFor, role, content, resolvedTimestamp, metadata);
    }
}
