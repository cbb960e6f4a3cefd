package dev.engram.gateway.validation;

import dev.engram.gateway.model.FieldError;
import java.time.OffsetDateTime;
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
        }
    }

    void stringMap(String field, Map<String, String> map) {
        if (map == null) {
            return;
        }
        map.forEach((key, value) -> {
            if (value == null) {
                add(field + "." + key, "must be a string");
            }
        });
    }

    /** The UTF-8 size of a text, counted without encoding it (a batch may hold 32 MB of content). */
    static long utf8Length(String value) {
        if (value == null) {
            return 0;
        }
        long bytes = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new InvalidRequestException(errors);
        }
    }
}
