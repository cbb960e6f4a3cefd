package dev.engram.gateway.mapping;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The JSON names of a proto enum's values: {@code SEARCH_MODE_AUTO} is {@code auto}, {@code NEIGHBOURS_ALL} is
 * {@code all}. The unspecified value has none: a field left out says it.
 */
public final class JsonEnums {

    private JsonEnums() {}

    public static List<String> names(EnumDescriptor type) {
        return type.getValues().stream()
                .filter(value -> value.getNumber() != 0)
                .map(JsonEnums::name)
                .toList();
    }

    public static Optional<EnumValueDescriptor> parse(EnumDescriptor type, String name) {
        return type.getValues().stream()
                .filter(value -> value.getNumber() != 0 && name(value).equals(name))
                .findFirst();
    }

    private static String name(EnumValueDescriptor value) {
        String prefix =
                value.getType().getName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT) + "_";
        String name = value.getName();
        return (name.startsWith(prefix) ? name.substring(prefix.length()) : name).toLowerCase(Locale.ROOT);
    }
}
