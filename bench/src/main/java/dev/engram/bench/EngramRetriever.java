package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.sdk.Engram;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Engram through its gateway: one search per question, within the question's own memory user. */
public final class EngramRetriever implements Retriever {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engram gateway;
    private final RunIds ids;
    private final int topK;
    private final ExpandContext expand;
    private final List<String> rerankers;
    private final String mode;
    private final SearchCost.Tally costs = new SearchCost.Tally();

    /**
     * @param expand neighbours to ask for, or {@code null} to leave the gateway's default
     * @param rerankers rerankers to ask for; empty for the service's default
     * @param mode the search mode to ask for, or {@code null} to leave the service's default
     */
    public EngramRetriever(
            Engram gateway, RunIds ids, int topK, ExpandContext expand, List<String> rerankers, String mode) {
        this.gateway = gateway;
        this.ids = ids;
        this.topK = topK;
        this.expand = expand;
        this.rerankers = List.copyOf(rerankers);
        this.mode = mode;
    }

    /** "engram", then the mode in parentheses and the rerankers in brackets when they are asked for. */
    @Override
    public String name() {
        return "engram"
                + (mode == null ? "" : " (" + mode + ")")
                + (rerankers.isEmpty() ? "" : "[" + String.join("+", rerankers) + "]");
    }

    @Override
    public List<String> rank(Question question) {
        return rankedTurns(search(question));
    }

    /** The whole search answer to a question, as the gateway gave it; its cost is tallied. */
    public JsonNode search(Question question) {
        long started = System.nanoTime();
        JsonNode answer = searchUntallied(question);
        costs.add((System.nanoTime() - started) / 1e6, answer);
        return answer;
    }

    /** The same search, not tallied (questions asked beside the scored ones). */
    public JsonNode searchUntallied(Question question) {
        return gateway.request("POST", "v1/memories/search", Map.of(), request(question));
    }

    @Override
    public SearchCost cost() {
        return costs.cost();
    }

    ObjectNode request(Question question) {
        ObjectNode body = JSON.createObjectNode();
        body.put("user_id", ids.userId(question.sampleId()));
        body.put("query", question.text());
        body.put("top_k", topK);
        if (expand != null) {
            ObjectNode expandContext = body.putObject("expand_context")
                    .put("before", expand.before())
                    .put("after", expand.after());
            if ("segment".equals(expand.neighbours())) {
                expandContext.put("by", "segment");
            } else if (expand.neighbours() != null) {
                expandContext.put("neighbours", expand.neighbours());
            }
        }
        if (mode != null) {
            body.put("mode", mode);
        }
        body.putArray("include").add("episodic");
        if (!rerankers.isEmpty()) {
            rerankers.forEach(body.putArray("rerankers")::add);
        }
        return body;
    }

    /**
     * The ranked turn list of a search response: the episodic clusters in order, their episodes in order,
     * each turn once (the first time it appears), turns named by their {@code metadata.dia_id}.
     */
    public static List<String> rankedTurns(JsonNode response) {
        Set<String> turns = new LinkedHashSet<>();
        for (JsonNode cluster : response.path("episodic")) {
            for (JsonNode episode : cluster.path("episodes")) {
                String diaId = episode.path("metadata").path("dia_id").asText("");
                if (!diaId.isEmpty()) {
                    turns.add(diaId);
                }
            }
        }
        return new ArrayList<>(turns);
    }
}
