package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code PATCH /v1/memories/episodes/{episode_id}}: what to correct. A field left out keeps its stored
 * value; an empty speaker field clears it; metadata replaces the whole object.
 */
public record UpdateEpisodeRequest(
        @Schema(description = "The corrected text.", examples = "I adopted a beagle, not a poodle.")
        String content,

        String producer,
        @JsonProperty("produced_for") String producedFor,
        String role,

        @Schema(format = "date-time", description = "ISO-8601 with offset.", examples = "2023-05-08T13:56:00Z")
        String timestamp,

        @Schema(description = "Replaces the episode's metadata whole; {} removes it.")
        Map<String, String> metadata,

        @Schema(
                enumeration = {"none", "indexed"},
                description = "indexed: answer once the corrected episode is searchable (200), or when"
                        + " wait_timeout_ms has passed (202, the episode pending).")
        @JsonProperty("wait")
        String waitFor,

        @Schema(description = "How long wait=indexed may wait, 1 to 60000 ms (default 10000).", examples = "5000")
        @JsonProperty("wait_timeout_ms")
        Integer waitTimeoutMs) {

    public boolean waitsForIndexing() {
        return "indexed".equals(waitFor);
    }
}
