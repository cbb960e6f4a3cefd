package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code POST /v1/memories}: episodes of one session of one user, and whether to wait for their indexing. */
public record AddMemoriesRequest(
        @Schema(required = true, examples = "caroline") @JsonProperty("user_id")
        String userId,

        @Schema(examples = "assistant-1") @JsonProperty("agent_id")
        String agentId,

        @Schema(required = true, examples = "conv-26/session_1") @JsonProperty("session_id")
        String sessionId,

        @Schema(required = true) List<EpisodeInput> episodes,

        @Schema(
                enumeration = {"none", "indexed"},
                description = "indexed: answer once every episode of the batch is searchable (201), or when"
                        + " wait_timeout_ms has passed (202, with the episodes still pending). Left out: none, the"
                        + " answer comes once the episodes are stored.")
        @JsonProperty("wait")
        String waitFor,

        @Schema(description = "How long wait=indexed may wait, 1 to 60000 ms (default 10000).", examples = "5000")
        @JsonProperty("wait_timeout_ms")
        Integer waitTimeoutMs) {

    /** Whether the caller asked to be answered once the episodes are searchable. */
    public boolean waitsForIndexing() {
        return "indexed".equals(waitFor);
    }
}
