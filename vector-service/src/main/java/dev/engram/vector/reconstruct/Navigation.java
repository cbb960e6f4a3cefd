package dev.engram.vector.reconstruct;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.reconstruct.Traversal.CueSummary;
import java.util.List;

/**
 * What one navigated step answered: each action's result, and the episodes of the facts opened so far.
 *
 * @param facts facts in the user's graph; 0 when there are none, and then nothing was carried out
 * @param indexSearches searches of the facts the step needed (a start whose question names no cue)
 */
public record Navigation(List<Result> results, List<UnitHit> ranked, int facts, int cues, int tags, int indexSearches) {

    /** A traversal action as asked: {@code op} one of {@link Traversal}'s, with the cue, tag or fact it names. */
    public record Action(String op, String cue, String tag, String factId) {}

    /** A content reached, with its relation and cues. */
    public record Content(Fact fact, String tag, List<String> cues) {}

    /**
     * @param error why the action was not carried out; empty when it was
     * @param more contents the action reached beyond those answered
     */
    public record Result(Action action, String error, List<CueSummary> cues, List<Content> contents, int more) {}

    public Navigation {
        results = List.copyOf(results);
        ranked = List.copyOf(ranked);
    }
}
