package dev.engram.retrieval.model;

import dev.engram.proto.v1.ReconstructStep;
import java.util.List;
import java.util.Map;

/**
 * What a reconstruction did in vector-service, for the trace: the graph it walked, its steps, and what it cost.
 *
 * @param facts contents in the user's graph; 0 when there were none and the search ran directly
 * @param indexSearches index searches the navigation needed beside the direct search
 * @param stopped why the navigator stopped: no_gain, budget, no_cues; the LLM's: sufficient, budget, loop, llm_failed
 * @param navigator heuristic or llm
 */
public record Reconstruction(
        int facts,
        int cues,
        int tags,
        List<ReconstructStep> steps,
        int indexSearches,
        String stopped,
        Map<String, Long> stageMicros,
        String navigator) {

    public Reconstruction {
        steps = List.copyOf(steps);
        stageMicros = Map.copyOf(stageMicros);
    }
}
