package dev.engram.bench;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * LoCoMo writes session times as {@code "1:56 pm on 8 May, 2023"}. They carry no zone; the benchmark reads
 * them as UTC, which only has to be consistent, since every turn of every user is read the same way.
 */
public final class LocomoDates {

    private static final DateTimeFormatter SESSION_TIME = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("h:mm a 'on' d MMMM, yyyy")
            .toFormatter(Locale.ENGLISH);

    private LocomoDates() {}

    /** The session's date and time as an instant in UTC. */
    public static OffsetDateTime parseSessionTime(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a LoCoMo session has no date_time");
        }
        String normalized = text.trim().replaceAll("\\s+", " ");
        try {
            return LocalDateTime.parse(normalized, SESSION_TIME).atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "unreadable LoCoMo session time '" + text + "' (expected like '1:56 pm on 8 May, 2023')", e);
        }
    }
}
