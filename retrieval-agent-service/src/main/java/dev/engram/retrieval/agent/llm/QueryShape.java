package dev.engram.retrieval.agent.llm;

import dev.engram.retrieval.model.SearchMode;
import java.util.Locale;
import java.util.Optional;

/** What ToolSelect says a question is, and the strategy that answers such a question. */
public enum QueryShape {
    /** Multi-hop: one fact is needed to know what to look up next. */
    CHAIN(SearchMode.CHAIN),
    /** Several independent entities or parts. */
    SPLIT(SearchMode.SPLIT),
    /** Simple single-hop. */
    DIRECT(SearchMode.DIRECT);

    private final SearchMode mode;

    QueryShape(SearchMode mode) {
        this.mode = mode;
    }

    public SearchMode mode() {
        return mode;
    }

    /** The shape named by the first word of an answer; anything else is no answer. */
    public static Optional<QueryShape> parse(String answer) {
        if (answer == null) {
            return Optional.empty();
        }
        String word = answer.strip().split("[^A-Za-z_]", 2)[0].toUpperCase(Locale.ROOT);
        for (QueryShape shape : values()) {
            if (shape.name().equals(word)) {
                return Optional.of(shape);
            }
        }
        return Optional.empty();
    }
}
