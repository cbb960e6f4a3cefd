package dev.engram.retrieval.model;

import java.util.Map;

/**
 * What a segment-tree search did in vector-service.
 *
 * @param episodes episodes in the user's trees; 0 when there were none, and the search ran as a direct one
 * @param trees trees scored, one per session
 * @param nodes nodes scored, leaves included
 * @param steps propagation steps
 * @param summaries nodes scored by their LLM-written summary as well
 * @param stageMicros time of each stage in vector-service, in microseconds
 */
public record TreeRecall(int episodes, int trees, int nodes, int steps, int summaries, Map<String, Long> stageMicros) {

    public TreeRecall {
        stageMicros = Map.copyOf(stageMicros);
    }
}
