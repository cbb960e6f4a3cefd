package dev.engram.retrieval.model;

import java.util.Locale;
import java.util.Optional;

/** The retrieval strategies a caller may ask for. */
public enum SearchMode {
    /** Let the service choose the strategy. */
    AUTO("auto"),
    /** One vector search, contextualized. */
    DIRECT("direct"),
    /** Independent single-hop sub-queries searched in parallel, merged and reranked together. */
    SPLIT("split"),
    /** Rounds of search, each round's query built from what the previous rounds found. */
    CHAIN("chain");

    private final String wireName;

    SearchMode(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The mode named on the wire; an empty name means {@link #AUTO}, as proto3 sends unset strings. */
    public static Optional<SearchMode> fromWire(String name) {
        if (name == null || name.isBlank()) {
            return Optional.of(AUTO);
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (SearchMode mode : values()) {
            if (mode.wireName.equals(wanted)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
