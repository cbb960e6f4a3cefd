package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/** How the retrieval service answered: the strategy it chose, why, what it asked, what the LLM cost and where the time went. */
public record SearchTrace(
        String mode,
        String reason,
        List<String> queries,
        @JsonProperty("llm_calls") int llmCalls,
        @JsonProperty("tokens_in") long tokensIn,
        @JsonProperty("tokens_out") long tokensOut,
        @JsonProperty("took_ms") long tookMs,
        @JsonProperty("stage_ms") Map<String, Long> stageMs) {}
