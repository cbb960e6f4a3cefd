package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A stored episode as returned by search and reads, with its metadata exactly as it was added (or last corrected). */
public record EpisodeView(
        String id,
        @JsonProperty("session_id") String sessionId,
        String producer,
        @JsonProperty("produced_for") String producedFor,
        String role,
        String content,
        @Schema(format = "date-time") String timestamp,
        Map<String, String> metadata,

        @Schema(description = "How many times the episode was corrected (PATCH); 0 as added.")
        int revision,

        @Schema(format = "date-time", description = "When it was last corrected; null while it never was.")
        @JsonProperty("updated_at")
        String updatedAt) {}
