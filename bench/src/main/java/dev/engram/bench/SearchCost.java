package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a search mode cost per question in a quality pass, from the client's clock and the search's own trace:
 * round trip, queries searched, index searches a navigation needed beside them, graph steps (a reconstruction's
 * steps, a segment tree's propagation steps), LLM calls and tokens. The round trips are of the quality pass, one
 * search at a time, each mode after the one before it: comparable between modes of one run, not a latency
 * benchmark (that is the latency pass, warmed up).
 */
public record SearchCost(
        int searches,
        double p50Ms,
        double p95Ms,
        double queries,
        double indexSearches,
        double graphSteps,
        double llmCalls,
        double tokens) {

    /** Adds up the searches of one mode. */
    public static final class Tally {

        private final List<Double> millis = new ArrayList<>();
        private double queries;
        private double indexSearches;
        private double graphSteps;
        private double llmCalls;
        private double tokens;

        public synchronized void add(double roundTripMillis, JsonNode answer) {
            JsonNode trace = answer.path("trace");
            millis.add(roundTripMillis);
            queries += trace.path("queries").size();
            indexSearches += trace.path("reconstruct").path("index_searches").asDouble(0);
            graphSteps += trace.path("reconstruct").path("steps").size()
                    + trace.path("segtree").path("steps").asDouble(0);
            llmCalls += trace.path("llm_calls").asDouble(0);
            tokens += trace.path("tokens_in").asDouble(0)
                    + trace.path("tokens_out").asDouble(0);
        }

        public synchronized SearchCost cost() {
            int n = millis.size();
            if (n == 0) {
                return new SearchCost(0, 0, 0, 0, 0, 0, 0, 0);
            }
            LatencyResult latency = LatencyResult.of(
                    millis.stream().mapToDouble(Double::doubleValue).toArray(), 0);
            return new SearchCost(
                    n,
                    latency.p50(),
                    latency.p95(),
                    queries / n,
                    indexSearches / n,
                    graphSteps / n,
                    llmCalls / n,
                    tokens / n);
        }
    }

    /** The cost table of the Engram rows of a report; empty when no row has a cost. */
    static String markdown(List<String> names, List<SearchCost> costs) {
        StringBuilder md = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            SearchCost cost = costs.get(i);
            if (cost == null) {
                continue;
            }
            if (md.isEmpty()) {
                md.append("\n## Cost per search (quality pass)\n\n")
                        .append("| retriever | searches | p50 ms | p95 ms | queries | extra index searches"
                                + " | graph steps | LLM calls | LLM tokens |\n")
                        .append("|---|---|---|---|---|---|---|---|---|\n");
            }
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.0f | %.0f | %.2f | %.2f | %.2f | %.2f | %.0f |%n",
                    names.get(i),
                    cost.searches(),
                    cost.p50Ms(),
                    cost.p95Ms(),
                    cost.queries(),
                    cost.indexSearches(),
                    cost.graphSteps(),
                    cost.llmCalls(),
                    cost.tokens()));
        }
        if (!md.isEmpty()) {
            md.append(
                            "\nRound trips of the quality pass, one search at a time, modes in turn (each mode warmed up on 50 questions first; comparable within")
                    .append(" the run; the latency pass below is the warmed-up measurement). Per search: queries")
                    .append(" searched, index searches a reconstruction needed beside them, graph steps (a")
                    .append(" reconstruction's steps, a segment tree's propagation steps), LLM calls and tokens.\n");
        }
        return md.toString();
    }

    void putJson(ObjectNode node) {
        node.putObject("cost")
                .put("searches", searches)
                .put("p50_ms", p50Ms)
                .put("p95_ms", p95Ms)
                .put("queries", queries)
                .put("index_searches", indexSearches)
                .put("graph_steps", graphSteps)
                .put("llm_calls", llmCalls)
                .put("llm_tokens", tokens);
    }
}
