package dev.engram.retrieval.agent.rules;

import dev.engram.retrieval.model.SearchMode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Routes a question without an LLM. Distinct names joined by a conjunction ("Caroline and Melanie") are
 * independent parts, so the question is split; every other question is chained: a second round, in the words
 * of the person asked about or of what the first round found, finds evidence the question's own words miss,
 * while the first round's hits keep their place. Chaining every such question beat routing by surface cues
 * (relation words, possessives, list words) to a chain and the rest to one direct search, on both benchmarks'
 * dev sets and in nearly every category (see docs/benchmarks.md); a second round costs a few milliseconds.
 */
@ApplicationScoped
public class RuleRouter {

    private final RuleSplitter splitter;

    public RuleRouter(RuleSplitter splitter) {
        this.splitter = splitter;
    }

    public RouteDecision route(String question) {
        List<String> parts = splitter.split(question);
        if (parts.size() > 1) {
            return new RouteDecision(SearchMode.SPLIT, "rules: independent parts " + parts);
        }
        return new RouteDecision(
                SearchMode.CHAIN, "rules: one question, searched again in the words of what it asks about");
    }
}
