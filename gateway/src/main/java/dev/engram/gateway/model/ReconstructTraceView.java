package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a reconstruction's navigator did over the user's cue-tag-content graph. */
@Schema(name = "ReconstructTrace")
public record ReconstructTraceView(
        @Schema(
                description =
                        "Facts (contents) in the user's graph; 0 when there were none and the search ran directly.")
        int facts,

        @Schema(description = "Cues (people and keywords) and tags (relations) over those facts.")
        int cues,

        int tags,

        @Schema(description = "The navigator's steps, in order.")
        List<Step> steps,

        @Schema(
                description = "Index searches the navigation needed beside the direct search (1 when the question named"
                        + " no cue of the graph).")
        @JsonProperty("index_searches")
        int indexSearches,

        @Schema(
                enumeration = {"no_gain", "budget", "no_cues"},
                description = "Why it stopped: a step added too little, the step budget was spent, or nothing to start"
                        + " from.")
        String stopped,

        @Schema(description = "Microseconds of each stage in vector-service: graph, start, navigate, rank.")
        @JsonProperty("stage_us")
        Map<String, Long> stageUs) {

    /** One step: its action, the cues and tags it went through, the facts it opened. */
    @Schema(name = "ReconstructStep")
    public record Step(
            @Schema(enumeration = {"start", "fact_search", "open", "follow"})
            String action,

            List<String> cues,
            List<String> tags,

            @Schema(description = "Ids of the facts opened (an episode id and the statement's position).")
            List<String> opened) {}
}
