package dev.engram.grpc.contract;

import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import com.google.rpc.BadRequest.FieldViolation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a request against the rules its fields declare (see {@code engram/v1/rules.proto}), and against the
 * rules every field keeps: strings of valid Unicode without NUL, timestamps a protobuf timestamp can hold,
 * enums holding a value they define. Violations are named by field path, as {@code episodes[3].content} or
 * {@code filter.metadata.topic}, in field order.
 */
public final class Contract {

    /** Enough to fix a request; a batch with thousands of bad entries need not echo them all. */
    static final int MAX_REPORTED = 100;

    private static final long MIN_TIMESTAMP_SECONDS = -62_135_596_800L; // 0001-01-01T00:00:00Z
    private static final long MAX_TIMESTAMP_SECONDS = 253_402_300_799L; // 9999-12-31T23:59:59Z

    private final List<FieldViolation> found = new ArrayList<>();

    private Contract() {}

    /** Everything the request breaks; empty when it keeps every rule. */
    public static List<FieldViolation> violations(Message request) {
        Contract contract = new Contract();
        contract.message(request, "", Set.of());
        return List.copyOf(contract.found);
    }

    /**
     * What a string breaks of the rules of {@code field}, reported under {@code path}: for a value that is not
     * sent in a request of its own (an administration id that becomes a {@code Scope.project} later).
     */
    public static List<FieldViolation> violations(FieldDescriptor field, String value, String path) {
        Contract contract = new Contract();
        contract.string(value, FieldRule.of(field), path, false);
        return List.copyOf(contract.found);
    }

    private void message(Message message, String prefix, Set<String> requiredHere) {
        for (FieldDescriptor field : message.getDescriptorForType().getFields()) {
            FieldRule rule = FieldRule.of(field).requiredIf(requiredHere.contains(field.getName()));
            String path = prefix + field.getName();
            if (field.isMapField()) {
                map(message, field, rule, path);
            } else if (field.isRepeated()) {
                list(message, field, rule, path);
            } else if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                nested(message, field, rule, path);
            } else if (!field.hasPresence() || message.hasField(field)) {
                value(field, message.getField(field), rule, path, false);
            } else if (rule.required()) {
                add(path, "is required");
            }
        }
    }

    private void nested(Message message, FieldDescriptor field, FieldRule rule, String path) {
        Message value = (Message) message.getField(field);
        if (value instanceof Timestamp timestamp) {
            if (message.hasField(field)) {
                timestamp(message, timestamp, rule, path);
            } else if (rule.required()) {
                add(path, "is required");
            }
            return;
        }
        // An unset message is checked as its empty self: a request without a scope lacks scope.project.
        message(value, path + ".", Set.copyOf(rule.requiredFields()));
    }

    private void timestamp(Message message, Timestamp timestamp, FieldRule rule, String path) {
        boolean valid = timestamp.getSeconds() >= MIN_TIMESTAMP_SECONDS
                && timestamp.getSeconds() <= MAX_TIMESTAMP_SECONDS
                && timestamp.getNanos() >= 0
                && timestamp.getNanos() <= 999_999_999;
        if (!valid) {
            add(path, "must lie between the years 1 and 9999");
            return;
        }
        if (rule.notAfter().isEmpty()) {
            return;
        }
        FieldDescriptor bound = message.getDescriptorForType().findFieldByName(rule.notAfter());
        if (bound != null && message.hasField(bound)) {
            Timestamp limit = (Timestamp) message.getField(bound);
            if (timestamp.getSeconds() > limit.getSeconds()
                    || (timestamp.getSeconds() == limit.getSeconds() && timestamp.getNanos() > limit.getNanos())) {
                add(path, "must not be later than " + rule.notAfter());
            }
        }
    }

    private void list(Message message, FieldDescriptor field, FieldRule rule, String path) {
        int count = message.getRepeatedFieldCount(field);
        if (count == 0) {
            if (rule.required()) {
                add(path, "must not be empty");
            }
            return;
        }
        if (rule.maxItems() > 0 && count > rule.maxItems()) {
            add(path, "must hold at most " + rule.maxItems() + " items (was " + count + ")");
            return;
        }
        for (int i = 0; i < count; i++) {
            Object element = message.getRepeatedField(field, i);
            String elementPath = path + "[" + i + "]";
            if (element instanceof Message nested) {
                message(nested, elementPath + ".", Set.copyOf(rule.requiredFields()));
            } else {
                value(field, element, rule, elementPath, true);
            }
        }
    }

    private void map(Message message, FieldDescriptor field, FieldRule rule, String path) {
        int count = message.getRepeatedFieldCount(field);
        if (rule.maxItems() > 0 && count > rule.maxItems()) {
            add(path, "must hold at most " + rule.maxItems() + " entries (was " + count + ")");
            return;
        }
        FieldDescriptor keyField = field.getMessageType().findFieldByName("key");
        FieldDescriptor valueField = field.getMessageType().findFieldByName("value");
        for (int i = 0; i < count; i++) {
            Message entry = (Message) message.getRepeatedField(field, i);
            Object key = entry.getField(keyField);
            // A bad key is reported under the map: it would make a poor field name itself.
            if (key instanceof String text && !validKey(path, text, rule)) {
                continue;
            }
            value(valueField, entry.getField(valueField), rule, path + "." + key, false);
        }
    }

    private boolean validKey(String path, String key, FieldRule rule) {
        String problem = Texts.encodingProblem(key);
        if (key.isEmpty()) {
            add(path, "keys must not be empty");
        } else if (problem != null) {
            add(path, "keys " + problem);
        } else if (rule.maxKeyChars() > 0 && chars(key) > rule.maxKeyChars()) {
            add(path, "keys must be at most " + rule.maxKeyChars() + " characters (was " + chars(key) + ")");
        } else {
            return true;
        }
        return false;
    }

    /** One value; {@code element} says it is an element of a list, which is always given. */
    private void value(FieldDescriptor field, Object value, FieldRule rule, String path, boolean element) {
        switch (field.getJavaType()) {
            case STRING -> string((String) value, rule, path, element);
            case INT -> number(((Integer) value).doubleValue(), rule, path);
            case LONG -> number(((Long) value).doubleValue(), rule, path);
            case FLOAT -> number(((Float) value).doubleValue(), rule, path);
            case DOUBLE -> number((Double) value, rule, path);
            case ENUM -> enumValue(field, (EnumValueDescriptor) value, path);
            default -> {}
        }
    }

    private void string(String value, FieldRule rule, String path, boolean element) {
        if (value.isEmpty()) {
            if (element) {
                add(path, "must not be empty");
            } else if (rule.required()) {
                add(path, "is required");
            }
            return;
        }
        if ((rule.required() || rule.notBlank() || element) && value.isBlank()) {
            add(path, "must not be empty");
            return;
        }
        String problem = Texts.encodingProblem(value);
        if (problem != null) {
            add(path, problem);
        } else if (rule.maxChars() > 0 && chars(value) > rule.maxChars()) {
            add(path, "must be at most " + rule.maxChars() + " characters (was " + chars(value) + ")");
        } else if (rule.maxBytes() > 0 && Texts.utf8Length(value) > rule.maxBytes()) {
            add(path, "must be at most " + rule.maxBytes() + " bytes of UTF-8 (was " + Texts.utf8Length(value) + ")");
        } else if (rule.pattern() != null && !rule.pattern().matcher(value).matches()) {
            add(path, "must be " + rule.patternText());
        }
    }

    private void number(double value, FieldRule rule, String path) {
        boolean tooLow = (rule.min() != null && !(value >= rule.min()))
                || (rule.greaterThan() != null && !(value > rule.greaterThan()));
        boolean tooHigh = rule.max() != null && !(value <= rule.max());
        if (tooLow || tooHigh) {
            add(path, "must be " + range(rule));
        }
    }

    /** The range a number rule allows, in words: "between 1 and 100", "greater than 0 and at most 1". */
    public static String range(FieldRule rule) {
        List<String> parts = new ArrayList<>();
        if (rule.min() != null && rule.max() != null) {
            return "between " + plain(rule.min()) + " and " + plain(rule.max());
        }
        if (rule.min() != null) {
            parts.add("at least " + plain(rule.min()));
        }
        if (rule.greaterThan() != null) {
            parts.add("greater than " + plain(rule.greaterThan()));
        }
        if (rule.max() != null) {
            parts.add("at most " + plain(rule.max()));
        }
        return String.join(" and ", parts);
    }

    private void enumValue(FieldDescriptor field, EnumValueDescriptor value, String path) {
        if (value.getIndex() < 0) {
            add(
                    path,
                    "must be one of "
                            + field.getEnumType().getValues().stream()
                                    .map(EnumValueDescriptor::getName)
                                    .collect(Collectors.joining(", "))
                            + " (was " + value.getNumber() + ")");
        }
    }

    private static String plain(double number) {
        return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }

    private static int chars(String value) {
        return value.codePointCount(0, value.length());
    }

    private void add(String field, String description) {
        if (found.size() < MAX_REPORTED) {
            found.add(FieldViolation.newBuilder()
                    .setField(field)
                    .setDescription(description)
                    .build());
        }
    }
}
