package dev.engram.retrieval.agent.rules;

import dev.engram.retrieval.model.SearchMode;

/**
 * The strategy chosen for a question, and why, in words for the trace. {@code hitsStandAlone} says
 * the question asks for several things of a kind, so each hit is worth more than the turns around
 * it: unless the request chose its neighbours, its clusters are the hits alone.
 */
public record RouteDecision(SearchMode mode, String reason, boolean hitsStandAlone) {

    public RouteDecision(SearchMode mode, String reason) {
        this(mode, reason, false);
    }
}
