package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Keeps, for every question of one Engram pass, what the relevance measurement needs from its search answer. The
 * answers are those of the quality pass itself (no second search); the questions that should find nothing
 * relevant are asked once more, the same way, after it.
 */
public final class RelevanceCollector {

    private final Map<String, Conversation> conversations = new HashMap<>();
    private final Function<Question, String> groupOf;
    private final Map<String, Integer> asked = new HashMap<>();
    private final List<RelevanceObservation> observations = new ArrayList<>();

    /**
     * @param conversations every memory user's conversation, answerable or not, for the words of its turns
     * @param groupOf the category or question type of a question
     */
    public RelevanceCollector(List<Conversation> conversations, Function<Question, String> groupOf) {
        conversations.forEach(conversation -> this.conversations.put(conversation.sampleId(), conversation));
        this.groupOf = groupOf;
    }

    /** The same retriever, keeping every answer it gets as the observation of an answerable question. */
    public Retriever recording(EngramRetriever engram) {
        return new Retriever() {
            @Override
            public String name() {
                return engram.name();
            }

            @Override
            public List<String> rank(Question question) {
                JsonNode answer = engram.search(question);
                observe(question, answer, true);
                return EngramRetriever.rankedTurns(answer);
            }

            @Override
            public SearchCost cost() {
                return engram.cost();
            }
        };
    }

    /** Asks every question that should find nothing relevant, keeping the answers. */
    public void askUnanswerable(EngramRetriever engram, List<Question> questions) {
        for (Question question : questions) {
            observe(question, engram.searchUntallied(question), false);
        }
    }

    /** Keeps what one search answered. */
    public void observe(Question question, JsonNode answer, boolean answerable) {
        Set<String> evidence = new HashSet<>(answerable ? question.evidence() : List.of());
        Conversation conversation = conversations.get(question.sampleId());
        List<RelevanceObservation.Cluster> clusters = new ArrayList<>();
        Map<String, Integer> words = new LinkedHashMap<>();
        for (JsonNode cluster : answer.path("episodic")) {
            if (!cluster.path("similarity").isNumber()
                    || !cluster.path("relevance").isNumber()) {
                throw new IllegalStateException("a cluster of the search answer has no similarity or relevance:"
                        + " the platform measured predates them");
            }
            List<String> turns = new ArrayList<>();
            for (JsonNode episode : cluster.path("episodes")) {
                String diaId = episode.path("metadata").path("dia_id").asText("");
                if (!diaId.isEmpty()) {
                    turns.add(diaId);
                    words.computeIfAbsent(
                            diaId,
                            id -> conversation == null
                                    ? 0
                                    : conversation.turn(id).map(Turn::words).orElse(0));
                }
            }
            clusters.add(new RelevanceObservation.Cluster(
                    cluster.path("similarity").asDouble(),
                    cluster.path("relevance").asDouble(),
                    turns.stream().anyMatch(evidence::contains),
                    turns));
        }
        int number = asked.merge(question.sampleId(), 1, Integer::sum);
        observations.add(new RelevanceObservation(
                question.sampleId() + "#" + number,
                groupOf.apply(question),
                question.text(),
                answerable,
                answerable ? question.evidence() : List.of(),
                clusters,
                words));
    }

    public List<RelevanceObservation> observations() {
        return List.copyOf(observations);
    }
}
