package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code POST /v1/memories}: episodes of one session of one user. */
public record AddMemoriesRequest(
        @Schema(required = true, examples = "caroline") @JsonProperty("user_id")
        String userId,

        @Schema(examples = "assistant-1") @JsonProperty("agent_id")
        String agentId,

        @Schema(required = true, examples = "conv-26/session_1") @JsonProperty("session_id")
        String sessionId,

        @Schema(required = true) List<EpisodeInput> episodes) {}
