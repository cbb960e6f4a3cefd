package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** How the retrieval service answered: the strategy it chose, why, what it asked, what the LLM cost and where the time went. */
public record SearchTrace(
        String mode,
        String reason,
        List<String> queries,
        @JsonProperty("llm_calls") int llmCalls,
        @JsonProperty("tokens_in") long tokensIn,
        @JsonProperty("tokens_out") long tokensOut,
        @JsonProperty("took_ms") long tookMs,
        @JsonProperty("stage_ms") Map<String, Long> stageMs,

        @Schema(description = "The highest relevance among the clusters found, those min_relevance left out included.")
        @JsonProperty("best_relevance")
        float bestRelevance,

        @Schema(description = "Clusters left out because their relevance was below min_relevance.")
        @JsonProperty("below_min_relevance")
        int belowMinRelevance,

        @Schema(description = "The min_relevance applied.") @JsonProperty("min_relevance")
        float minRelevance,

        @Schema(
                description = "For a question about how things stand now, how many of the clusters closest to it"
                        + " were put newest first.")
        @JsonProperty("latest_first")
        int latestFirst,

        @Schema(description = "What the walk of a graph search did; absent for other modes.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        GraphTraceView graph,

        @Schema(description = "What the propagation of a segment-tree search did; absent for other modes.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        SegTreeTraceView segtree,

        @Schema(description = "What the navigator of a reconstruction did; absent for other modes.")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        ReconstructTraceView reconstruct) {}
