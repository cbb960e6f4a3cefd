package dev.engram.gateway.validation;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.rpc.BadRequest.FieldViolation;
import dev.engram.gateway.mapping.JsonEnums;
import dev.engram.gateway.model.FieldError;
import dev.engram.grpc.contract.Contract;
import dev.engram.grpc.contract.FieldRule;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collects broken rules while a request is checked, so that the client learns all of them at once: what only
 * JSON and URLs can get wrong (a missing body, a null in a list, a timestamp or a number that does not parse,
 * an enum name), then, in {@link #contract}, the rules the proto declares for the request it becomes.
 */
final class FieldErrors {

    private final List<FieldError> errors = new ArrayList<>();

    /** The errors of a request, failing at once when there is no body to look into. */
    static FieldErrors forBody(Object body) {
        FieldErrors errors = new FieldErrors();
        if (body == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        return errors;
    }

    void add(String field, String message) {
        errors.add(new FieldError(field, message));
    }

    /**
     * An optional text sent as {@code ""}. In the proto an empty string is a field left out, so the contract cannot
     * see it; in JSON it is a value given and broken (an id has 1 to 128 characters, a label is not blank), not one
     * left out.
     */
    void givenNotEmpty(String field, String value) {
        if (value != null && value.isEmpty()) {
            add(field, "must not be empty");
        }
    }

    /** What {@code value} breaks of the rules of {@code field}, a proto field that is not sent by itself. */
    void rules(String field, String value, FieldDescriptor rules) {
        if (value == null) {
            add(field, "is required");
            return;
        }
        Contract.violations(rules, value, field).forEach(this::add);
    }

    /**
     * Checks the request the API call becomes, reporting its fields by their JSON paths, then throws if any. A
     * field found wrong already (a null where an episode should be) is not reported again, nor what it holds.
     */
    void contract(Message request, JsonPaths paths) {
        List<String> reported = errors.stream().map(FieldError::field).toList();
        for (FieldViolation violation : Contract.violations(request)) {
            String field = paths.toJson(violation.getField());
            if (reported.stream().noneMatch(wrong -> within(field, wrong))) {
                add(field, violation.getDescription());
            }
        }
        throwIfAny();
    }

    private static boolean within(String field, String other) {
        return field.equals(other) || field.startsWith(other + ".") || field.startsWith(other + "[");
    }

    private void add(FieldViolation violation) {
        add(violation.getField(), violation.getDescription());
    }

    void timestamp(String field, String value) {
        if (value != null && parseTimestamp(value).isEmpty()) {
            add(field, "must be an ISO-8601 timestamp with offset, e.g. 2023-05-08T13:56:00Z");
        }
    }

    static Optional<Instant> parseTimestamp(String value) {
        try {
            return Optional.of(OffsetDateTime.parse(value).toInstant());
        } catch (DateTimeParseException e) {
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
        Optional<Instant> instant = parseTimestamp(value).or(() -> {
            try {
                return Optional.of(
                        LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant());
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        });
        if (instant.isEmpty()) {
            add(field, "must be an ISO-8601 timestamp with offset or a date, e.g. 2023-05-08T13:56:00Z or 2023-05-08");
        }
        return instant;
    }

    /** A whole number given as text (a query parameter); its range is the proto field's to check. */
    Optional<Integer> integer(String field, String value, FieldDescriptor rules) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(value));
        } catch (NumberFormatException e) {
            add(field, "must be an integer " + Contract.range(FieldRule.of(rules)));
            return Optional.empty();
        }
    }

    /** The value of a proto enum named by its JSON name; empty when absent or unknown (then an error is recorded). */
    Optional<Integer> enumValue(String field, String value, EnumDescriptor type) {
        if (value == null) {
            return Optional.empty();
        }
        Optional<Integer> number = JsonEnums.parse(type, value).map(found -> found.getNumber());
        if (number.isEmpty()) {
            add(field, "must be one of " + String.join(", ", JsonEnums.names(type)) + " (was '" + value + "')");
        }
        return number;
    }

    /** A JSON array of strings may hold null, which no proto list can carry. */
    void noNulls(String field, List<String> values) {
        if (values != null) {
            for (int i = 0; i < values.size(); i++) {
                if (values.get(i) == null) {
                    add(field + "[" + i + "]", "must be a string, not null");
                }
            }
        }
    }

    /** A JSON object of strings may hold null values, which no proto map can carry. */
    void noNullValues(String field, Map<String, String> map) {
        if (map != null) {
            map.forEach((key, value) -> {
                if (value == null) {
                    add(field + "." + key, "must be a string");
                }
            });
        }
    }

    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new InvalidRequestException(errors);
        }
    }
}
