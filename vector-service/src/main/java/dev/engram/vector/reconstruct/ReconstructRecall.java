package dev.engram.vector.reconstruct;

import dev.engram.vector.model.UnitHit;
import java.util.List;
import java.util.Map;

/**
 * What a reconstruction found: the episodes of the contents it opened, best evidence first, and how it went.
 *
 * @param facts facts (contents) in the user's graph; 0 when there are none, and then nothing was navigated
 * @param steps the navigator's steps, each naming facts by id
 * @param indexSearches index searches needed to start (1 when the question named no cue of the graph)
 * @param stageMicros time per stage: graph, start, navigate, rank
 */
public record ReconstructRecall(
        List<UnitHit> ranked,
        int facts,
        int cues,
        int tags,
        List<TracedStep> steps,
        int indexSearches,
        String stopped,
        Map<String, Long> stageMicros) {

    /** A navigator step as the trace shows it: the contents it opened by fact id. */
    public record TracedStep(String action, List<String> cues, List<String> tags, List<String> opened) {}

    public ReconstructRecall {
        ranked = List.copyOf(ranked);
        steps = List.copyOf(steps);
        stageMicros = Map.copyOf(stageMicros);
    }
}
