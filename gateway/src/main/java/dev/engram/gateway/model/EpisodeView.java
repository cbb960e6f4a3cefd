package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** A stored episode as returned by search, with its metadata exactly as it was added. */
public record EpisodeView(
        String id,
        @JsonProperty("session_id") String sessionId,
        String producer,
        @JsonProperty("produced_for") String producedFor,
        String role,
        String content,
        String timestamp,
        Map<String, String> metadata) {}
