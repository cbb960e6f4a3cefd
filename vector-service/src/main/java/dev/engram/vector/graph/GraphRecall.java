package dev.engram.vector.graph;

import dev.engram.vector.model.UnitHit;
import java.util.List;
import java.util.Map;

/**
 * What a graph search found: episode rankings from the facts the query hit and from the walk, and what the
 * walk did.
 *
 * @param facts facts in the user's graph; 0 when there are none yet, and then both rankings are empty
 * @param stageMicros time per stage: primary, graph, walk
 */
public record GraphRecall(
        List<UnitHit> primary,
        List<UnitHit> walked,
        int facts,
        int seeds,
        int eventFacts,
        int touched,
        Map<String, Long> stageMicros) {

    public GraphRecall {
        primary = List.copyOf(primary);
        walked = List.copyOf(walked);
        stageMicros = Map.copyOf(stageMicros);
    }
}
