package dev.engram.ingest.model;

import java.util.Locale;

/** A derived store fed through the outbox; its name is what the {@code outbox.target} column holds. */
public enum OutboxTarget {
    VECTOR;

    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }
}
