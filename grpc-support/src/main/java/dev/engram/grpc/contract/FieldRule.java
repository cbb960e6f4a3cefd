package dev.engram.grpc.contract;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The rules of one field, as {@code engram/v1/rules.proto} declares them in the field's options: its own
 * rules together with those of its format.
 *
 * <p>The options are read from their encoded form, not through the generated {@code RulesProto}: each service
 * generates its own copy of that class, and this module serves them all.
 */
public record FieldRule(
        boolean required,
        boolean notBlank,
        int maxChars,
        int maxBytes,
        Pattern pattern,
        String patternText,
        Double min,
        Double max,
        Double greaterThan,
        int maxItems,
        int maxKeyChars,
        List<String> requiredFields,
        String notAfter) {

    private static final String RULES_FILE = "engram/v1/rules.proto";
    private static final String RULES_MESSAGE = "FieldRules";
    private static final int FIELD_RULES_OPTION = 51600;
    private static final int FORMAT_RULES_OPTION = 51601;

    static final FieldRule NONE = new FieldRule(false, false, 0, 0, null, null, null, null, null, 0, 0, List.of(), "");

    private static final Map<FieldDescriptor, FieldRule> CACHE = new ConcurrentHashMap<>();

    /** The rules of a field; {@link #NONE} when it declares none. */
    public static FieldRule of(FieldDescriptor field) {
        return CACHE.computeIfAbsent(field, FieldRule::read);
    }

    /** The same rules, required when {@code required} is true. */
    FieldRule requiredIf(boolean required) {
        if (!required || this.required) {
            return this;
        }
        return new FieldRule(
                true,
                notBlank,
                maxChars,
                maxBytes,
                pattern,
                patternText,
                min,
                max,
                greaterThan,
                maxItems,
                maxKeyChars,
                requiredFields,
                notAfter);
    }

    /** Whether a number rule applies. */
    public boolean bounded() {
        return min != null || max != null || greaterThan != null;
    }

    private static FieldRule read(FieldDescriptor field) {
        Optional<Descriptor> rulesType = rulesType(field.getFile());
        if (rulesType.isEmpty()) {
            return NONE;
        }
        Optional<Message> own = option(field.getOptions().toByteString(), FIELD_RULES_OPTION, rulesType.get());
        if (own.isEmpty()) {
            return NONE;
        }
        Message rules = own.get();
        FieldDescriptor formatField = rulesType.get().findFieldByName("format");
        EnumValueDescriptor format = (EnumValueDescriptor) rules.getField(formatField);
        Message merged = rules;
        if (format.getNumber() != 0) {
            Message shared = option(format.getOptions().toByteString(), FORMAT_RULES_OPTION, rulesType.get())
                    .orElseThrow(() -> new IllegalStateException("format " + format.getName() + " declares no rules"));
            merged = shared.toBuilder().mergeFrom(rules).build();
        }
        return from(merged);
    }

    @SuppressWarnings("unchecked")
    private static FieldRule from(Message rules) {
        String pattern = text(rules, "pattern");
        return new FieldRule(
                (Boolean) value(rules, "required"),
                (Boolean) value(rules, "not_blank"),
                (Integer) value(rules, "max_chars"),
                (Integer) value(rules, "max_bytes"),
                pattern.isEmpty() ? null : Pattern.compile(pattern),
                text(rules, "pattern_text"),
                number(rules, "min"),
                number(rules, "max"),
                number(rules, "greater_than"),
                (Integer) value(rules, "max_items"),
                (Integer) value(rules, "max_key_chars"),
                List.copyOf((List<String>) value(rules, "required_fields")),
                text(rules, "not_after"));
    }

    private static Object value(Message rules, String name) {
        return rules.getField(rules.getDescriptorForType().findFieldByName(name));
    }

    private static String text(Message rules, String name) {
        return (String) value(rules, name);
    }

    private static Double number(Message rules, String name) {
        FieldDescriptor field = rules.getDescriptorForType().findFieldByName(name);
        return rules.hasField(field) ? (Double) rules.getField(field) : null;
    }

    /** The last occurrence of an option in encoded options, parsed as a {@code FieldRules}. */
    private static Optional<Message> option(ByteString options, int number, Descriptor rulesType) {
        try {
            UnknownFieldSet fields = UnknownFieldSet.parseFrom(options);
            if (!fields.hasField(number)) {
                return Optional.empty();
            }
            List<ByteString> occurrences = fields.getField(number).getLengthDelimitedList();
            DynamicMessage.Builder rules = DynamicMessage.newBuilder(rulesType);
            for (ByteString occurrence : occurrences) {
                rules.mergeFrom(occurrence);
            }
            return Optional.of(rules.build());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("unreadable field options", e);
        }
    }

    /** The {@code FieldRules} message type, found among the files the field's file imports. */
    private static Optional<Descriptor> rulesType(FileDescriptor file) {
        List<FileDescriptor> pending = new ArrayList<>(List.of(file));
        for (int i = 0; i < pending.size(); i++) {
            FileDescriptor candidate = pending.get(i);
            if (candidate.getName().equals(RULES_FILE)) {
                return Optional.ofNullable(candidate.findMessageTypeByName(RULES_MESSAGE));
            }
            pending.addAll(candidate.getDependencies());
        }
        return Optional.empty();
    }
}
