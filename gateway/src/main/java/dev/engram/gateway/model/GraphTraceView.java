package dev.engram.gateway.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a graph search's walk did. */
@Schema(name = "GraphTrace")
public record GraphTraceView(
        @Schema(description = "Facts in the user's graph; 0 when there were none yet and the search ran directly.")
        int facts,

        @Schema(description = "Facts the question hit that seeded the walk.")
        int seeds,

        @Schema(description = "Facts of the seeds' events that joined them.") @JsonProperty("event_facts")
        int eventFacts,

        @Schema(description = "Facts the walk reached.") int touched,

        @Schema(description = "Microseconds of each stage in vector-service: graph, primary, walk.")
        @JsonProperty("stage_us")
        Map<String, Long> stageUs) {}
