package dev.engram.retrieval.agent.rules;

import dev.engram.retrieval.model.SearchMode;

/**
 * The strategy chosen for a question, and why, in words for the trace. {@code asksForSeveral} says
 * the question asks for several things of a kind (see {@link ListQuestion}), so each hit is worth
 * more than the turns around it.
 */
public record RouteDecision(SearchMode mode, String reason, boolean asksForSeveral) {

    public RouteDecision(SearchMode mode, String reason) {
        this(mode, reason, false);
    }

    /** The same decision, for a question that does or does not ask for several things. */
    public RouteDecision asking(boolean several) {
        return new RouteDecision(mode, reason, several);
    }
}
