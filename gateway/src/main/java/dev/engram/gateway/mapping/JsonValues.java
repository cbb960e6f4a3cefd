package dev.engram.gateway.mapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JSON values as proto fields, which cannot be null: what is left out travels as the field's default. */
final class JsonValues {

    private JsonValues() {}

    /** Protobuf strings cannot be null; absent optional fields travel as empty strings. */
    static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    /** A JSON list of strings as a proto list: a null element (reported by the validator) as an empty string. */
    static Iterable<String> orEmpty(List<String> values) {
        return values == null
                ? List.of()
                : values.stream().map(JsonValues::orEmpty).toList();
    }

    /** A JSON object of strings as a proto map: null values (reported by the validator) left out. */
    static Map<String, String> withoutNulls(Map<String, String> map) {
        Map<String, String> copy = new LinkedHashMap<>();
        if (map != null) {
            map.forEach((key, value) -> {
                if (value != null) {
                    copy.put(key, value);
                }
            });
        }
        return copy;
    }

    static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }
}
