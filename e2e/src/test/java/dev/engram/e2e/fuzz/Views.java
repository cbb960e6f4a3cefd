package dev.engram.e2e.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Reads answers of the API and compares them with the model; a mismatch is an {@link AssertionError}. */
final class Views {

    private Views() {}

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    /** A text member, null when absent or null. */
    static String text(JsonNode node, String name) {
        JsonNode value = node.get(name);
        return value == null || value.isNull() ? null : value.asText();
    }

    static Map<String, String> map(JsonNode node) {
        Map<String, String> map = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.fields()
                    .forEachRemaining(
                            entry -> map.put(entry.getKey(), entry.getValue().asText()));
        }
        return map;
    }

    static Map<String, String> map(Json value) {
        Map<String, String> map = new LinkedHashMap<>();
        if (value instanceof Json.Obj object) {
            object.members()
                    .forEach(member -> map.put(
                            member.name(),
                            member.value() instanceof Json.Str string
                                    ? string.value()
                                    : member.value().text()));
        }
        return map;
    }

    static List<JsonNode> list(JsonNode node) {
        List<JsonNode> items = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(items::add);
        }
        return items;
    }

    /** How an episode shown by the API differs from the one added; empty when it does not. */
    static List<String> differences(Model.Episode expected, JsonNode view) {
        List<String> differences = new ArrayList<>();
        compare(differences, "id", expected.id(), text(view, "id"));
        compare(differences, "session_id", expected.session(), text(view, "session_id"));
        compare(differences, "content", expected.content(), text(view, "content"));
        compare(differences, "producer", orEmpty(expected.producer()), orEmpty(text(view, "producer")));
        compare(differences, "produced_for", orEmpty(expected.producedFor()), orEmpty(text(view, "produced_for")));
        compare(differences, "role", orEmpty(expected.role()), orEmpty(text(view, "role")));
        Map<String, String> metadata = expected.metadata() == null ? Map.of() : expected.metadata();
        if (!metadata.equals(map(view.get("metadata")))) {
            differences.add("metadata " + Request.escape(String.valueOf(map(view.get("metadata")))) + " instead of "
                    + Request.escape(metadata.toString()));
        }
        String shown = text(view, "timestamp");
        if (expected.timestamp() != null) {
            // ingest-service keeps microseconds, as PostgreSQL does.
            Instant added =
                    OffsetDateTime.parse(expected.timestamp()).toInstant().truncatedTo(ChronoUnit.MICROS);
            if (shown == null || !added.equals(Instant.parse(shown))) {
                differences.add("timestamp " + shown + " instead of " + added);
            }
        } else if (shown == null || shown.isEmpty()) {
            differences.add("no timestamp");
        }
        return differences;
    }

    private static void compare(List<String> differences, String field, String expected, String shown) {
        if (!Objects.equals(expected, shown)) {
            differences.add(field + " '" + Request.abbreviate(Request.escape(String.valueOf(shown)), 120)
                    + "' instead of '" + Request.abbreviate(Request.escape(String.valueOf(expected)), 120) + "'");
        }
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
