package dev.engram.retrieval.agent.llm;

import java.util.List;
import java.util.Locale;

/**
 * The LLM's choice at one step of a reconstruction: the traversal actions to carry out next, whether the evidence
 * opened suffices, and which contents help answer (their labels as shown, best first).
 */
public record NavigationDecision(List<Action> actions, boolean sufficient, List<String> useful) {

    /** An action as the LLM asked for it: op, and the cue, tag or content label it names (empty when none). */
    public record Action(String op, String cue, String tag, String fact) {

        /** The same action asked twice is the same, however it was spelled. */
        public String key() {
            return String.join("\u0000", op, cue.toLowerCase(Locale.ROOT), tag, fact);
        }
    }

    public NavigationDecision {
        actions = List.copyOf(actions);
        useful = List.copyOf(useful);
    }
}
