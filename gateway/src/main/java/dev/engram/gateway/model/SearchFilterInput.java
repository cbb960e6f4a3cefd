package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Narrows a search inside the user's memory; every part is optional, and a misspelt part is refused. */
public record SearchFilterInput(
        @JsonProperty("session_ids") List<String> sessionIds,

        @Schema(format = "date-time", description = "Inclusive lower bound, ISO-8601 with offset.")
        String from,

        @Schema(format = "date-time", description = "Inclusive upper bound, ISO-8601 with offset.")
        String to,

        List<String> producers,

        @Schema(description = "Episodes whose metadata holds every one of these entries.")
        Map<String, String> metadata) {}
