package dev.engram.ingest.model;

import java.util.Locale;

/** A derived store fed through the outbox; its name is what the {@code outbox.target} column holds. */
public enum OutboxTarget {
    /** vector-service: delivery makes the episode searchable (it is then marked indexed). */
    VECTOR,
    /** profile-service: delivery queues the episode for profile extraction. */
    PROFILE;

    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }
}
