package dev.engram.ingest.model;

import java.util.Locale;

/**
 * A derived store fed through the outbox (and purged by deletions); its name is what the {@code
 * outbox.target} and {@code deletion_purge.store} columns hold, and what a pending deletion reports.
 */
public enum OutboxTarget {
    /** vector-service: delivery makes the episode searchable (it is then marked indexed). */
    VECTOR,
    /** profile-service: delivery queues the episode for profile extraction. */
    PROFILE;

    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OutboxTarget ofColumn(String column) {
        return valueOf(column.toUpperCase(Locale.ROOT));
    }
}
