package dev.engram.gateway.validation;

import dev.engram.gateway.model.FieldError;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Collects broken rules while a request is checked, so that the client learns all of them at once. */
final class FieldErrors {

    /** The id alphabet of the API: safe in URLs, logs and storage keys. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

    /**
     * Session ids may also hold '/': the API's own examples and existing clients name sessions like
     * {@code conv-26/session_1}.
     */
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9._:@/-]{1,128}");

    /** A UUID in its canonical text form; {@code UUID.fromString} would also take {@code 1-2-3-4-5}. */
    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /** The years a protobuf timestamp, and so every service behind the gateway, can hold. */
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private final List<FieldError> errors = new ArrayList<>();

    void add(String field, String message) {
        errors.add(new FieldError(field, message));
    }

    void id(String field, String value, boolean required) {
        checkId(field, value, required, ID, "");
    }

    void sessionId(String field, String value, boolean required) {
        checkId(field, value, required, SESSION_ID, "/");
    }

    private void checkId(String field, String value, boolean required, Pattern pattern, String extraChars) {
        if (value == null) {
            if (required) {
                add(field, "is required");
            }
        } else if (!encodable(field, value)) {
            return;
        } else if (!pattern.matcher(value).matches()) {
            add(
                    field,
                    "must be 1-128 characters of A-Z a-z 0-9 . _ : @ -"
                            + (extraChars.isEmpty() ? "" : " " + extraChars));
        }
    }

    /** The parsed timestamp, or empty when absent or invalid (then an error is recorded). */
    Optional<OffsetDateTime> timestamp(String field, String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(value));
        } catch (DateTimeParseException e) {
            add(field, "must be an ISO-8601 timestamp with offset, e.g. 2023-05-08T13:56:00Z");
            return Optional.empty();
        }
    }

    /**
     * A point in time as a query parameter: an ISO-8601 timestamp with offset, or a date, which stands for the
     * start of that day in UTC. The parsed instant, or empty when absent or invalid (then an error is recorded).
     */
    Optional<Instant> pointInTime(String field, String value) {
        if (value == null) {
            return Optional.empty();
        }
        Optional<Instant> instant = parsePointInTime(value);
        if (instant.isEmpty()) {
            add(field, "must be an ISO-8601 timestamp with offset or a date, e.g. 2023-05-08T13:56:00Z or 2023-05-08");
            return Optional.empty();
        }
        return inTimestampRange(field, instant.get());
    }

    private static Optional<Instant> parsePointInTime(String value) {
        try {
            return Optional.of(OffsetDateTime.parse(value).toInstant());
        } catch (DateTimeParseException notATimestamp) {
            try {
                return Optional.of(
                        LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant());
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }

    /** Like {@link #timestamp}, also refusing years a protobuf timestamp cannot hold. */
    void storableTimestamp(String field, String value) {
        timestamp(field, value).ifPresent(parsed -> inTimestampRange(field, parsed.toInstant()));
    }

    private Optional<Instant> inTimestampRange(String field, Instant instant) {
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            add(field, "must lie between the years 1 and 9999");
            return Optional.empty();
        }
        return Optional.of(instant);
    }

    void uuid(String field, String value) {
        if (value == null || value.isEmpty()) {
            add(field, "is required");
        } else if (!UUID.matcher(value).matches()) {
            add(field, "must be a UUID, e.g. 3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d");
        }
    }

    /**
     * A whole number given as text (a query parameter), between {@code min} and {@code max}. The parsed number,
     * or empty when absent or invalid (then an error is recorded).
     */
    Optional<Integer> integer(String field, String value, int min, int max) {
        if (value == null) {
            return Optional.empty();
        }
        int parsed;
        try {
            parsed = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            add(field, "must be an integer between " + min + " and " + max);
            return Optional.empty();
        }
        if (parsed < min || parsed > max) {
            add(field, "must be between " + min + " and " + max);
            return Optional.empty();
        }
        return Optional.of(parsed);
    }

    /** An optional text that, when given, must say something, in at most {@code maxChars} characters. */
    void optionalText(String field, String value, int maxChars) {
        if (value == null) {
            return;
        }
        if (value.isBlank()) {
            add(field, "must not be empty");
        } else {
            label(field, value, maxChars);
        }
    }

    void range(String field, Integer value, int min, int max) {
        if (value != null && (value < min || value > max)) {
            add(field, "must be between " + min + " and " + max);
        }
    }

    /** A required text that must say something, at most {@code maxLength} long in the given unit. */
    void text(String field, String value, long length, long maxLength, String unit) {
        if (value == null) {
            add(field, "is required");
        } else if (value.isBlank()) {
            add(field, "must not be empty");
        } else if (length > maxLength) {
            add(field, "must be at most " + maxLength + " " + unit + " (was " + length + ")");
        } else {
            encodable(field, value);
        }
    }

    /** An optional string of at most {@code maxChars} characters. */
    void label(String field, String value, int maxChars) {
        if (value != null && encodable(field, value)) {
            maxChars(field, value, maxChars);
        }
    }

    /** Whether an element of a JSON array of strings is present; a null element is an error. */
    boolean present(String field, String value) {
        if (value == null) {
            add(field, "must be a string, not null");
            return false;
        }
        return true;
    }

    void stringMap(String field, Map<String, String> map, MapLimits limits) {
        if (map == null) {
            return;
        }
        if (map.size() > limits.maxEntries()) {
            add(field, "must hold at most " + limits.maxEntries() + " entries (was " + map.size() + ")");
            return;
        }
        map.forEach((key, value) -> {
            // A bad key is reported under the map: it would make a poor field name itself.
            if (key.isEmpty()) {
                add(field, "keys must not be empty");
                return;
            }
            String keyProblem = Texts.encodingProblem(key);
            if (keyProblem != null) {
                add(field, "keys " + keyProblem);
                return;
            }
            int keyChars = key.codePointCount(0, key.length());
            if (keyChars > limits.maxKeyChars()) {
                add(field, "keys must be at most " + limits.maxKeyChars() + " characters (was " + keyChars + ")");
                return;
            }
            if (value == null) {
                add(field + "." + key, "must be a string");
            } else {
                label(field + "." + key, value, limits.maxValueChars());
            }
        });
    }

    record MapLimits(int maxEntries, int maxKeyChars, int maxValueChars) {}

    private void maxChars(String field, String value, int maxChars) {
        int chars = value.codePointCount(0, value.length());
        if (chars > maxChars) {
            add(field, "must be at most " + maxChars + " characters (was " + chars + ")");
        }
    }

    private boolean encodable(String field, String value) {
        String problem = Texts.encodingProblem(value);
        if (problem != null) {
            add(field, problem);
        }
        return problem == null;
    }

    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new InvalidRequestException(errors);
        }
    }
}
