package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a segment-tree search's propagation did. */
@Schema(name = "SegTreeTrace")
public record SegTreeTraceView(
        @Schema(description = "Episodes in the user's trees; 0 when there were none and the search ran directly.")
        int episodes,

        @Schema(description = "Trees scored, one per session.")
        int trees,

        @Schema(description = "Nodes scored, leaves included.")
        int nodes,

        @Schema(description = "Steps relevance was propagated along the trees.")
        int steps,

        @Schema(description = "Microseconds of each stage in vector-service: trees, embed, summaries, score, rank.")
        @JsonProperty("stage_us")
        Map<String, Long> stageUs,

        @Schema(
                description = "Nodes scored by their LLM-written summary as well (summaries the query found);"
                        + " 0 without an LLM.")
        int summaries) {}
