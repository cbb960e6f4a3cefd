package dev.engram.retrieval.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the LLM's text into typed values. Models wrap JSON in prose or code fences and get types
 * wrong; what can be read unambiguously is kept, anything else is no answer, never an exception.
 */
public final class LlmAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();
    // A sub-query longer than this is the model rambling, not a query.
    private static final int MAX_QUERY_CHARS = 500;
    // A cue, tag or label longer than this is not one the navigator was shown.
    private static final int MAX_NAME_CHARS = 100;

    private LlmAnswers() {}

    /** Distinct, non-blank sub-queries, at most {@code max}; empty when the answer has none. */
    public static List<String> subQueries(String answer, int max) {
        Optional<JsonNode> root = object(answer);
        if (root.isEmpty() || !root.get().path("queries").isArray()) {
            return List.of();
        }
        Set<String> queries = new LinkedHashSet<>();
        for (JsonNode query : root.get().path("queries")) {
            if (query.isTextual() && !query.asText().isBlank() && query.asText().length() <= MAX_QUERY_CHARS) {
                queries.add(query.asText().strip());
            }
        }
        return queries.stream().limit(max).toList();
    }

    /** The judgement, when the answer says at least whether the evidence is sufficient. */
    public static Optional<ChainJudgement> judgement(String answer) {
        return object(answer).flatMap(root -> {
            JsonNode sufficient = root.path("is_sufficient");
            if (!sufficient.isBoolean()) {
                return Optional.empty();
            }
            List<Integer> indices = new ArrayList<>();
            for (JsonNode index : root.path("evidence_indices")) {
                if (index.canConvertToInt()) {
                    indices.add(index.asInt());
                }
            }
            String newQuery =
                    root.path("new_query").isTextual() ? root.path("new_query").asText() : "";
            if (newQuery.length() > MAX_QUERY_CHARS) {
                newQuery = "";
            }
            double confidence = root.path("confidence").isNumber()
                    ? Math.max(0, Math.min(1, root.path("confidence").asDouble()))
                    : 0;
            return Optional.of(new ChainJudgement(sufficient.asBoolean(), indices, newQuery, confidence));
        });
    }

    /**
     * The navigator's choice, when the answer says at least whether the evidence suffices. Actions that are not
     * objects naming an op are dropped, and those past {@code maxActions}; the op is not checked here, the
     * navigator reports an unknown one.
     */
    public static Optional<NavigationDecision> navigation(String answer, int maxActions) {
        return object(answer).flatMap(root -> {
            JsonNode sufficient = root.path("sufficient");
            if (!sufficient.isBoolean()) {
                return Optional.empty();
            }
            List<NavigationDecision.Action> actions = new ArrayList<>();
            for (JsonNode action : root.path("actions")) {
                String op = text(action, "op");
                if (action.isObject() && !op.isEmpty() && actions.size() < maxActions) {
                    actions.add(new NavigationDecision.Action(
                            op, text(action, "cue"), text(action, "tag"), text(action, "fact")));
                }
            }
            Set<String> useful = new LinkedHashSet<>();
            for (JsonNode label : root.path("useful")) {
                if (label.isTextual()
                        && !label.asText().isBlank()
                        && label.asText().length() <= MAX_NAME_CHARS) {
                    useful.add(label.asText().strip());
                }
            }
            return Optional.of(new NavigationDecision(actions, sufficient.asBoolean(), List.copyOf(useful)));
        });
    }

    /** A short text field of an action; empty when absent, not text, or too long to be a name. */
    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && value.asText().length() <= MAX_NAME_CHARS
                ? value.asText().strip()
                : "";
    }

    /** The first JSON object in the text, fences and surrounding prose ignored. */
    private static Optional<JsonNode> object(String answer) {
        if (answer == null) {
            return Optional.empty();
        }
        int start = answer.indexOf('{');
        int end = answer.lastIndexOf('}');
        if (start < 0 || end <= start) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(answer.substring(start, end + 1));
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
