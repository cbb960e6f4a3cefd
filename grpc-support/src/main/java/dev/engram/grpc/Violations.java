package dev.engram.grpc;

import com.google.protobuf.Any;
import com.google.protobuf.Timestamp;
import com.google.rpc.BadRequest;
import com.google.rpc.BadRequest.FieldViolation;
import com.google.rpc.Code;
import com.google.rpc.Status;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Collects what is wrong with a request. The failure is INVALID_ARGUMENT whose description names
 * each field, with a {@code google.rpc.BadRequest} detail that callers can map field by field.
 */
public final class Violations {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");
    private static final String ID_RULE = "must be 1-128 characters of [A-Za-z0-9._:@-]";
    // Session ids may also name a path ("conv-26/session_1"), as the API's own examples do.
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9._:@/-]{1,128}");
    private static final String SESSION_ID_RULE = "must be 1-128 characters of [A-Za-z0-9._:@/-]";
    // Enough to fix a request; a batch with thousands of bad entries need not echo them all.
    private static final int MAX_REPORTED = 20;
    private static final long MIN_TIMESTAMP_SECONDS = -62_135_596_800L; // 0001-01-01T00:00:00Z
    private static final long MAX_TIMESTAMP_SECONDS = 253_402_300_799L; // 9999-12-31T23:59:59Z

    private final List<FieldViolation> found = new ArrayList<>();

    public void requireId(String field, String value) {
        if (value.isEmpty()) {
            add(field, "is required");
        } else {
            optionalId(field, value);
        }
    }

    public void optionalId(String field, String value) {
        if (!value.isEmpty() && !ID.matcher(value).matches()) {
            add(field, ID_RULE);
        }
    }

    public void requireSessionId(String field, String value) {
        if (value.isEmpty()) {
            add(field, "is required");
        } else if (!SESSION_ID.matcher(value).matches()) {
            add(field, SESSION_ID_RULE);
        }
    }

    public void requireText(String field, String value) {
        if (value.isBlank()) {
            add(field, "is required");
        }
    }

    /** At most {@code max} characters (code points), and no U+0000, which PostgreSQL refuses. */
    public void boundedText(String field, String value, int max) {
        if (value.codePointCount(0, value.length()) > max) {
            add(field, "must be at most " + max + " characters");
        } else {
            storable(field, value);
        }
    }

    public void maxBytes(String field, int bytes, int max) {
        if (bytes > max) {
            add(field, "must be at most " + max + " bytes of UTF-8 (was " + bytes + ")");
        }
    }

    public void storable(String field, String value) {
        if (value.indexOf('\u0000') >= 0) {
            add(field, "must not contain U+0000");
        }
    }

    public void range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            add(field, "must be between " + min + " and " + max);
        }
    }

    public void range(String field, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            add(field, "must be between " + min + " and " + max);
        }
    }

    public void uuid(String field, String value) {
        if (value.isEmpty()) {
            add(field, "is required");
            return;
        }
        try {
            UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            add(field, "must be a UUID");
        }
    }

    public void validTimestamp(String field, Timestamp timestamp) {
        boolean valid = timestamp.getSeconds() >= MIN_TIMESTAMP_SECONDS
                && timestamp.getSeconds() <= MAX_TIMESTAMP_SECONDS
                && timestamp.getNanos() >= 0
                && timestamp.getNanos() <= 999_999_999;
        if (!valid) {
            add(field, "is not a valid timestamp");
        }
    }

    public void add(String field, String message) {
        if (found.size() < MAX_REPORTED) {
            found.add(FieldViolation.newBuilder()
                    .setField(field)
                    .setDescription(message)
                    .build());
        }
    }

    /** Throws INVALID_ARGUMENT (a {@code StatusRuntimeException}) when anything was found. */
    public void throwIfAny() {
        if (found.isEmpty()) {
            return;
        }
        String description = found.stream()
                .map(violation -> violation.getField() + ": " + violation.getDescription())
                .collect(Collectors.joining("; "));
        Status status = Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage(description)
                .addDetails(Any.pack(
                        BadRequest.newBuilder().addAllFieldViolations(found).build()))
                .build();
        throw StatusProto.toStatusRuntimeException(status);
    }
}
