package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.LlmAnswers;
import dev.engram.retrieval.agent.rules.RuleSplitter;
import dev.engram.retrieval.config.AgentConfig;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * SplitQuery: the question rewritten into independent single-hop sub-queries (by the LLM when one
 * is configured, else by rules), all searched in parallel together with the question itself, their
 * nuclei merged by rank. The question stays among the queries so that a poor split can only add
 * candidates, never lose the ones a direct search finds. A question that does not split is
 * searched as it is.
 */
@ApplicationScoped
public class SplitStrategy implements SearchStrategy {

    private final QuerySearch search;
    private final AgentLlm llm;
    private final RuleSplitter rules;
    private final AgentConfig config;

    public SplitStrategy(QuerySearch search, AgentLlm llm, RuleSplitter rules, AgentConfig config) {
        this.search = search;
        this.llm = llm;
        this.rules = rules;
        this.config = config;
    }

    @Override
    public SearchMode mode() {
        return SearchMode.SPLIT;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return subQueries(request, trace).chain(parts -> {
            Set<String> queries = new LinkedHashSet<>();
            queries.add(request.query());
            parts.stream().limit(config.maxSubQueries()).forEach(queries::add);
            List<Uni<List<Nucleus>>> searches = new ArrayList<>();
            for (String query : queries) {
                searches.add(search.find(request, query, trace));
            }
            return Uni.join().all(searches).andFailFast().map(rankings -> new Gathered(rankings, List.copyOf(queries)));
        });
    }

    private Uni<List<String>> subQueries(SearchRequest request, TraceLog trace) {
        int max = config.maxSubQueries();
        return llm.ask(
                        "split",
                        request.scope().getProject(),
                        trace,
                        model -> model.split(request.query(), max),
                        answer ->
                                Optional.of(LlmAnswers.subQueries(answer, max)).filter(parts -> !parts.isEmpty()))
                .map(fromLlm -> fromLlm.orElseGet(() -> rules.split(request.query())));
    }
}
