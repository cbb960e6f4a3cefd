package dev.engram.ingest.model;

import java.util.Locale;

/** How a deletion names what the derived stores must drop; the {@code deletion.purge_by} column. */
public enum PurgeBy {
    /** The deletion's own episode ids. */
    EPISODES,
    /** Everything of one session of the user. */
    SESSION,
    /** Everything of the user. */
    USER;

    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PurgeBy ofColumn(String column) {
        return valueOf(column.toUpperCase(Locale.ROOT));
    }
}
