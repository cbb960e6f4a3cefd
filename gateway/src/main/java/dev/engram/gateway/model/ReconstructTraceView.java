package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonInclude;
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
                enumeration = {"no_gain", "budget", "no_cues", "sufficient", "loop", "llm_failed"},
                description = "Why it stopped: a step added too little, the step budget was spent, or nothing to start"
                        + " from; with the LLM navigator also: it judged the evidence sufficient, it asked only for"
                        + " what it had seen or could not be done, or it gave no usable answer after its first.")
        String stopped,

        @Schema(
                description = "Microseconds of each stage in vector-service: graph, start, navigate, rank (heuristic"
                        + " navigator).")
        @JsonProperty("stage_us")
        Map<String, Long> stageUs,

        @Schema(
                enumeration = {"heuristic", "llm"},
                description = "Who chose the steps: vector-service's heuristic navigator, or the LLM (its calls and"
                        + " tokens are the trace's llm_calls, tokens_in and tokens_out).")
        String navigator) {

    /** One step: its action, the cues and tags it went through, the facts it opened. */
    @Schema(name = "ReconstructStep")
    public record Step(
            @Schema(
                    enumeration = {"start", "fact_search", "open", "follow", "tags", "cues", "topic"},
                    description = "The heuristic's start, fact_search, open, follow; the LLM navigator's start and"
                            + " the traversal actions it chose: tags (cue to its tags), open (cue and tag to"
                            + " contents), cues (content to its cues), topic (content to the rest of its event).")
            String action,

            List<String> cues,
            List<String> tags,

            @Schema(description = "Ids of the facts opened (an episode id and the statement's position).")
            List<String> opened,

            @Schema(
                    description = "Why an action the LLM asked for was not carried out (unknown_cue, unknown_fact,"
                            + " unknown_op, missing_cue, missing_fact, repeated); absent when it was.")
            @JsonInclude(JsonInclude.Include.NON_NULL)
            String error) {}
}
