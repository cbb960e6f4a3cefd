package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.ChainJudgement;
import dev.engram.retrieval.agent.llm.LlmAnswers;
import dev.engram.retrieval.agent.rules.FeedbackTerms;
import dev.engram.retrieval.config.AgentConfig;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * ChainOfQuery: search, read what was found, search again with a query built from it, for a
 * bounded number of rounds. With an LLM, each round's evidence is judged in one call that says
 * whether it suffices and what to ask next; without one (or when that call gives nothing usable),
 * the next query is the question plus the terms the round's evidence adds to it (pseudo-relevance
 * feedback). The chain stops when the evidence is judged sufficient with enough confidence, when
 * no new query comes, when a query would repeat, or after the last round. Evidence accumulates:
 * every round's nuclei stay candidates, and those the LLM picked as useful lead the merge. The
 * question's own ranking weighs double, so later rounds add what it missed rather than displace
 * what it found; clusters are reranked against the question and the LLM's rewrites.
 */
@ApplicationScoped
public class ChainStrategy implements SearchStrategy {

    private final QuerySearch search;
    private final AgentLlm llm;
    private final FeedbackTerms feedback;
    private final AgentConfig.Chain config;

    public ChainStrategy(QuerySearch search, AgentLlm llm, FeedbackTerms feedback, AgentConfig config) {
        this.search = search;
        this.llm = llm;
        this.feedback = feedback;
        this.config = config.chain();
    }

    @Override
    public SearchMode mode() {
        return SearchMode.CHAIN;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return Uni.createFrom().deferred(() -> round(new ChainState(request), request.query(), trace));
    }

    private Uni<Gathered> round(ChainState state, String query, TraceLog trace) {
        return search.find(state.request(), query, trace).chain(nuclei -> {
            state.found(query, nuclei, config.evidencePerRound());
            if (state.rounds() >= config.maxRounds()) {
                return Uni.createFrom().item(state.gathered());
            }
            return nextQuery(state, trace)
                    .chain(next -> next.filter(state::isNew)
                            .map(query1 -> round(state, query1, trace))
                            .orElseGet(() -> Uni.createFrom().item(state.gathered())));
        });
    }

    /** The next round's query, or none when the chain should stop. */
    private Uni<Optional<String>> nextQuery(ChainState state, TraceLog trace) {
        SearchRequest request = state.request();
        return llm.ask(
                        "chain",
                        request.scope().getProject(),
                        trace,
                        model -> model.judge(request.query(), state.numberedEvidence()),
                        LlmAnswers::judgement)
                .map(judgement ->
                        judgement.map(verdict -> follow(state, verdict)).orElseGet(() -> feedback(state)));
    }

    private Optional<String> follow(ChainState state, ChainJudgement verdict) {
        state.useful(verdict.evidenceIndices());
        if (verdict.sufficient() && verdict.confidence() >= config.sufficientConfidence()) {
            return Optional.empty();
        }
        return Optional.of(verdict.newQuery()).filter(query -> !query.isBlank());
    }

    private Optional<String> feedback(ChainState state) {
        var terms = feedback.pick(
                state.request().query(), state.usedTerms(), state.latestEvidence(), config.feedbackTerms());
        if (terms.isEmpty()) {
            return Optional.empty();
        }
        state.used(terms);
        String expanded = state.request().query() + " " + String.join(" ", terms);
        state.expansion(expanded);
        return Optional.of(expanded);
    }
}
