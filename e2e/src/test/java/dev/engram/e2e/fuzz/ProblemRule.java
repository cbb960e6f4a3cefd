package dev.engram.e2e.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What every refusal must look like: {@code application/problem+json} with a type, a title, the status and a
 * detail, and for invalid input the list of fields at fault. A few refusals concern no field of the request
 * and name none ({@link #FIELDLESS}).
 */
final class ProblemRule {

    static final String TYPE_PREFIX = "urn:engram:problem:";

    /** The problem types that name no field, and why none can be named. */
    static final Map<String, String> FIELDLESS = Map.ofEntries(
            Map.entry(
                    "malformed-json",
                    "the body is not JSON, so it has no fields to name; the detail says where it broke"),
            Map.entry("unauthorized", "the key is missing or unknown: a header, not a field of the request"),
            Map.entry("forbidden", "the key is valid but lacks the scope or project the request needs"),
            Map.entry("rate-limited", "the key is over its request rate, whatever the request says"),
            Map.entry("not-found", "the path names nothing that exists: no route, episode, entry, key or deletion"),
            Map.entry("method-not-allowed", "the path exists but not with this method"),
            Map.entry("not-acceptable", "the Accept header asks for a type the API does not produce"),
            Map.entry("payload-too-large", "the body as a whole is over the size limit, before any of it is read"),
            Map.entry("unsupported-media-type", "the body is not declared as JSON, so it is not read at all"),
            Map.entry(
                    "conflict",
                    "the request is well-formed but conflicts with what is stored (a taken id, a replaced entry)"));

    /**
     * The HTTP layer refuses a request line over this many bytes with an empty 414 before any handler of the
     * gateway runs; the longest valid request line is about 7.5 KiB.
     */
    static final int MAX_REQUEST_LINE = 16 * 1024;

    /** A '%' not followed by two hexadecimal digits. */
    private static final Pattern BROKEN_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");

    /**
     * Refusals that are not problem documents, because the HTTP layer under the gateway writes them, empty, before
     * any filter, route or resource of the gateway runs: a request line over {@link #MAX_REQUEST_LINE} (414, from
     * the HTTP decoder), a URL with a broken percent-escape (400, when it is parsed), and a body sent in chunks
     * that grows over the limit while it is read (413, from the body reader; a body whose Content-Length is over
     * the limit gets a problem document).
     */
    static boolean answeredByTheHttpLayer(Request request, Answer answer) {
        return (answer.status() == 414 && request.target().length() > MAX_REQUEST_LINE)
                || (answer.status() == 400
                        && answer.body().length == 0
                        && BROKEN_ESCAPE.matcher(request.target()).find())
                || (answer.status() == 413 && request.declaredLength() == Request.CHUNKED);
    }

    private ProblemRule() {}

    /** Why the 4xx {@code answer} to {@code sent} breaks the rule; empty when it keeps it. */
    static List<String> violations(Case sent, Answer answer) {
        List<String> violations = new ArrayList<>();
        if (answeredByTheHttpLayer(sent.request(), answer)) {
            return violations;
        }
        if (!answer.mediaType().equals("application/problem+json")) {
            violations.add("a " + answer.status() + " that is not application/problem+json");
            return violations;
        }
        Optional<JsonNode> parsed = answer.json();
        if (parsed.isEmpty() || !parsed.get().isObject()) {
            violations.add("a problem document that is not a JSON object");
            return violations;
        }
        JsonNode problem = parsed.get();
        String type = problem.path("type").asText("");
        if (!type.startsWith(TYPE_PREFIX)) {
            violations.add("a problem without a type of its own: '" + type + "'");
            return violations;
        }
        String kind = type.substring(TYPE_PREFIX.length());
        if (problem.path("title").asText("").isBlank()) {
            violations.add("a problem without a title");
        }
        if (problem.path("status").asInt(-1) != answer.status()) {
            violations.add("a problem whose status " + problem.path("status") + " is not the answer's");
        }
        if (problem.path("detail").asText("").isBlank()) {
            violations.add("a problem without a detail");
        }
        if (kind.equals("invalid-request")) {
            violations.addAll(fieldViolations(sent, answer, problem));
        } else if (!FIELDLESS.containsKey(kind)) {
            violations.add("a problem of type '" + kind + "' that names no field");
        } else if (kind.equals("malformed-json") && sent.request().body() == null) {
            violations.add("a malformed-json problem for a request without a body");
        }
        return violations;
    }

    private static List<String> fieldViolations(Case sent, Answer answer, JsonNode problem) {
        List<String> violations = new ArrayList<>();
        if (answer.status() != 400) {
            violations.add("invalid input answered with " + answer.status() + " instead of 400");
        }
        JsonNode errors = problem.path("errors");
        if (!errors.isArray() || errors.isEmpty()) {
            violations.add("an invalid-request problem that lists no field");
            return violations;
        }
        List<String> fields = new ArrayList<>();
        for (JsonNode error : errors) {
            String field = error.path("field").asText("");
            if (field.isBlank()) {
                violations.add("an error without a field name: " + error);
            }
            if (error.path("message").asText("").isBlank()) {
                violations.add("an error without a message: " + error);
            }
            fields.add(field);
        }
        if (sent.field() != null && fields.stream().noneMatch(field -> related(field, sent.field()))) {
            violations.add("the errors name " + fields + ", not " + Request.abbreviate(sent.field(), 80));
        }
        return violations;
    }

    /**
     * Whether a named field is the changed one, lies inside it, or holds it; for an item of an array, any item of
     * that array (a changed item may make another one a duplicate).
     */
    static boolean related(String named, String changed) {
        if (changed.isEmpty() || changed.equals("body")) {
            return true;
        }
        String target = changed;
        String array = target.replaceFirst("\\[\\d+]$", "");
        return named.equals(target)
                || within(named, target)
                || within(target, named)
                || (!array.equals(target) && within(named, array))
                || tied(named, target);
    }

    /**
     * Whether two fields of one object are tied by a rule between them, as a time range's {@code from} must not be
     * later than its {@code to} (the contract's {@code not_after}): changing either may break that rule, and the
     * answer names the field the rule sits on.
     */
    private static boolean tied(String named, String changed) {
        int split = named.lastIndexOf('.') + 1;
        int other = changed.lastIndexOf('.') + 1;
        if (!named.substring(0, split).equals(changed.substring(0, other))) {
            return false;
        }
        String one = named.substring(split);
        String two = changed.substring(other);
        return !one.equals(two) && TIED.contains(Set.of(one, two));
    }

    private static final Set<Set<String>> TIED = Set.of(Set.of("from", "to"));

    private static boolean within(String inner, String outer) {
        return inner.startsWith(outer)
                && inner.length() > outer.length()
                && (inner.charAt(outer.length()) == '.' || inner.charAt(outer.length()) == '[');
    }
}
