package dev.engram.bench;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LongMemEval writes session dates as {@code "2023/05/20 (Sat) 02:21"}. Like LoCoMo's they carry no zone and
 * are read as UTC; the weekday only repeats the date, so it is not checked.
 */
public final class LongMemEvalDates {

    private static final Pattern DATE =
            Pattern.compile("(\\d{4})/(\\d{1,2})/(\\d{1,2})\\s*(?:\\(\\w+\\))?\\s*(\\d{1,2}):(\\d{2})");

    private LongMemEvalDates() {}

    /** The session's date and time as an instant in UTC. */
    public static OffsetDateTime parseSessionDate(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a LongMemEval session has no date");
        }
        Matcher date = DATE.matcher(text.strip());
        if (!date.matches()) {
            throw new IllegalArgumentException(
                    "unreadable LongMemEval session date '" + text + "' (expected like '2023/05/20 (Sat) 02:21')");
        }
        try {
            return LocalDateTime.of(
                            Integer.parseInt(date.group(1)),
                            Integer.parseInt(date.group(2)),
                            Integer.parseInt(date.group(3)),
                            Integer.parseInt(date.group(4)),
                            Integer.parseInt(date.group(5)))
                    .atOffset(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("impossible LongMemEval session date '" + text + "'", e);
        }
    }
}
