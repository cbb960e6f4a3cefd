package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A stored episode as returned by search, with its metadata exactly as it was added. */
public record EpisodeView(
        String id,
        @JsonProperty("session_id") String sessionId,
        String producer,
        @JsonProperty("produced_for") String producedFor,
        String role,
        String content,
        @Schema(format = "date-time") String timestamp,
        Map<String, String> metadata) {}
