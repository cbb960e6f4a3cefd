package dev.engram.vector.segtree;

import dev.engram.vector.model.UnitHit;
import java.util.List;
import java.util.Map;

/**
 * What a segment-tree search found: episodes ranked by their leaves' final scores, and what it scored.
 *
 * @param episodes episodes in the user's trees; 0 when there are none, and then nothing was ranked
 * @param summaries nodes scored by their summary as well (summaries the LLM wrote that the query found)
 * @param stageMicros time per stage: trees, embed, summaries, score, rank
 */
public record SegTreeRecall(
        List<UnitHit> ranked,
        int episodes,
        int trees,
        int nodes,
        int summaries,
        int steps,
        Map<String, Long> stageMicros) {

    public SegTreeRecall {
        ranked = List.copyOf(ranked);
        stageMicros = Map.copyOf(stageMicros);
    }
}
