package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code POST /v1/memories/search}. Only {@code user_id} and {@code query} are required. */
public record SearchRequest(
        @Schema(required = true) @JsonProperty("user_id") String userId,
        @JsonProperty("agent_id") String agentId,

        @Schema(description = "Search this session only; all sessions of the user when absent.")
        @JsonProperty("session_id")
        String sessionId,

        @Schema(required = true) String query,

        @Schema(
                description =
                        "Clusters to return. Left out: the retrieval service's default (engram.retrieval.default-top-k).")
        @JsonProperty("top_k")
        Integer topK,

        @Schema(
                description = "The search strategy: auto lets the service choose. Left out: the retrieval service's"
                        + " default (engram.retrieval.default-mode).")
        String mode,

        @JsonProperty("expand_context") ExpandContext expandContext,
        SearchFilterInput filter,

        @Schema(enumeration = {"episodic", "short_term", "profile"})
        List<String> include,

        @Schema(
                description = "Token budget of context. Left out: the retrieval service's default"
                        + " (engram.retrieval.default-max-context-tokens).")
        @JsonProperty("max_context_tokens")
        Integer maxContextTokens,

        @Schema(
                description = "Rerankers to apply to the candidate clusters, fused by reciprocal rank: rrf, bm25,"
                        + " embedding, cross-encoder (when configured). Absent = the service's default.")
        List<String> rerankers,

        @Schema(
                description = "Leave out clusters whose relevance is below this (0 to 1); when none is left, episodic"
                        + " and context are empty and trace.best_relevance says how close the best came. Left out:"
                        + " the retrieval service's default (engram.retrieval.relevance.default-min).")
        @JsonProperty("min_relevance")
        Float minRelevance) {}
