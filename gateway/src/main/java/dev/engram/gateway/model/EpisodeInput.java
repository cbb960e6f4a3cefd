package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One episode to add. Only {@code content} is required. */
public record EpisodeInput(
        @Schema(description = "Idempotency key: re-sending the same id is reported as a duplicate.")
        String id,

        String producer,
        @JsonProperty("produced_for") String producedFor,
        String role,
        @Schema(required = true) String content,

        @Schema(
                format = "date-time",
                description = "ISO-8601 with offset; the time of arrival when absent.",
                examples = "2023-05-08T13:56:00Z")
        String timestamp,

        Map<String, String> metadata) {}
