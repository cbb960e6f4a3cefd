package dev.engram.retrieval.model;

import java.util.Map;

/**
 * What a graph search did in vector-service.
 *
 * @param facts facts in the user's graph; 0 when there were none, and the search ran as a direct one
 * @param seeds facts the question hit that seeded the walk
 * @param eventFacts facts of the seeds' events that joined them
 * @param touched facts the walk reached
 * @param stageMicros time of each stage in vector-service, in microseconds
 */
public record GraphWalk(int facts, int seeds, int eventFacts, int touched, Map<String, Long> stageMicros) {

    public GraphWalk {
        stageMicros = Map.copyOf(stageMicros);
    }
}
