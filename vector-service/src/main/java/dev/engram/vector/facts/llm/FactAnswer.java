package dev.engram.vector.facts.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vector.llm.LlmJson;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The facts an LLM answered, read leniently: the JSON may be wrapped in prose or a code fence, and each fact
 * is accepted or rejected on its own, so one malformed entry costs only itself. An answer with no fact list
 * at all is not an answer.
 *
 * @param rejected entries that were not a well-formed decision
 */
public record FactAnswer(List<Decision> decisions, int rejected) {

    public enum Op {
        ADD,
        UPDATE,
        SKIP
    }

    /**
     * One decision of the LLM.
     *
     * @param factId the known fact an update or a skip is about; empty for an add
     * @param text the fact's words; empty for a skip
     * @param evidence the ids of the new messages the fact comes from, as the LLM gave them
     * @param from the first day the fact is about, when the LLM said; else null
     * @param to the last day, likewise
     * @param event the happening's name; empty when not given
     */
    public record Decision(
            Op op, String factId, String text, List<String> evidence, LocalDate from, LocalDate to, String event) {}

    /** The decisions in {@code answer}; fails when it holds no JSON object with a {@code facts} list. */
    public static FactAnswer parse(String answer) {
        JsonNode facts = LlmJson.list(answer, "facts");
        List<Decision> decisions = new ArrayList<>();
        int rejected = 0;
        for (JsonNode fact : facts) {
            Optional<Decision> decision = decision(fact);
            if (decision.isPresent()) {
                decisions.add(decision.get());
            } else {
                rejected++;
            }
        }
        return new FactAnswer(List.copyOf(decisions), rejected);
    }

    private static Optional<Decision> decision(JsonNode fact) {
        Optional<Op> op = op(fact.path("op").asText(""));
        String factId = text(fact, "fact_id");
        String text = text(fact, "text");
        if (op.isEmpty()
                || (op.get() != Op.ADD && factId.isEmpty())
                || (op.get() != Op.SKIP && text.isEmpty())
                || (op.get() == Op.ADD && !factId.isEmpty())) {
            return Optional.empty();
        }
        List<String> evidence = new ArrayList<>();
        for (JsonNode id : fact.path("evidence")) {
            if (id.isTextual() && !id.asText().isBlank()) {
                evidence.add(id.asText().strip());
            }
        }
        LocalDate[] when = when(text(fact, "when"));
        if (when == null) {
            return Optional.empty();
        }
        return Optional.of(
                new Decision(op.get(), factId, text, List.copyOf(evidence), when[0], when[1], text(fact, "event")));
    }

    private static Optional<Op> op(String op) {
        try {
            return Optional.of(Op.valueOf(op.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode fact, String field) {
        JsonNode value = fact.path(field);
        return value.isTextual() ? value.asText().strip() : "";
    }

    /** {@code {from, to}}: both null when not given, null itself when given but not a date or a range. */
    private static LocalDate[] when(String when) {
        if (when.isEmpty()) {
            return new LocalDate[2];
        }
        String[] days = when.split("\\.\\.", 2);
        try {
            LocalDate from = LocalDate.parse(days[0].strip());
            LocalDate to = days.length == 2 ? LocalDate.parse(days[1].strip()) : from;
            return to.isBefore(from) ? null : new LocalDate[] {from, to};
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
