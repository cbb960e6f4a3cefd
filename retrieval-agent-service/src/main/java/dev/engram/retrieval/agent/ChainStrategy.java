package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.ChainJudgement;
import dev.engram.retrieval.agent.llm.LlmAnswers;
import dev.engram.retrieval.agent.rules.FeedbackTerms;
import dev.engram.retrieval.agent.rules.FirstPerson;
import dev.engram.retrieval.agent.rules.Participants;
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
 * whether it suffices and what to ask next. Without one, the hop after the question is the person
 * hop (see {@link #ownWords}) when the question is about one of the people who speak in the memory,
 * and that ends the chain; otherwise (or when the LLM gives nothing usable) the next query is the
 * question plus the terms the round's evidence adds to it (pseudo-relevance feedback). The chain
 * stops when the evidence is judged sufficient with enough confidence, when no new query comes,
 * when a query would repeat, or after the last round. Evidence accumulates: every round's nuclei
 * stay candidates, those the LLM picked as useful lead the merge, and one ranking weighs double
 * (the person hop's, else the question's), so later rounds add what it missed rather than displace
 * what it found; clusters are reranked against the question and the real rewrites.
 */
@ApplicationScoped
public class ChainStrategy implements SearchStrategy {

    private final QuerySearch search;
    private final AgentLlm llm;
    private final FeedbackTerms feedback;
    private final FirstPerson firstPerson;
    private final AgentConfig.Chain config;

    public ChainStrategy(
            QuerySearch search, AgentLlm llm, FeedbackTerms feedback, FirstPerson firstPerson, AgentConfig config) {
        this.search = search;
        this.llm = llm;
        this.feedback = feedback;
        this.firstPerson = firstPerson;
        this.config = config.chain();
    }

    @Override
    public SearchMode mode() {
        return SearchMode.CHAIN;
    }

    @Override
    public Uni<Gathered> gather(SearchRequest request, TraceLog trace) {
        return Uni.createFrom().deferred(() -> {
            ChainState state = new ChainState(request);
            return search.find(request, request.query(), trace).chain(nuclei -> {
                state.found(request.query(), nuclei, config.evidencePerRound());
                return ownWords(state, trace).chain(() -> onward(state, trace));
            });
        });
    }

    /**
     * The person hop: when the question is about exactly one of the people the first round heard
     * speak, the next round searches only that person's turns, with the question rewritten the way
     * they would have said it. Rule-based chains only, and skipped when the request already chooses
     * speakers.
     */
    private Uni<Void> ownWords(ChainState state, TraceLog trace) {
        SearchRequest request = state.request();
        // With an LLM, the judge chooses the next query, knowing what the evidence says.
        if (llm.enabled()
                || state.rounds() >= config.maxRounds()
                || request.filter().getProducersCount() > 0) {
            return Uni.createFrom().voidItem();
        }
        return Participants.theOneNamed(request.query(), state.speakers())
                .map(person -> {
                    String statement = firstPerson.rewrite(request.query(), person);
                    if (statement.isBlank() || !state.isNew(statement)) {
                        return Uni.createFrom().voidItem();
                    }
                    SearchRequest theirTurns = request.withFilter(
                            request.filter().toBuilder().addProducers(person).build());
                    return search.find(theirTurns, statement, trace)
                            .invoke(nuclei -> {
                                state.found(statement, nuclei, config.evidencePerRound());
                                state.searchedOwnWords();
                            })
                            .replaceWithVoid();
                })
                .orElseGet(() -> Uni.createFrom().voidItem());
    }

    private Uni<Gathered> onward(ChainState state, TraceLog trace) {
        // After the person hop, feedback would only add rounds that lower what it found (measured).
        if (state.rounds() >= config.maxRounds() || state.hasOwnWords()) {
            return Uni.createFrom().item(state.gathered());
        }
        return nextQuery(state, trace)
                .chain(next -> next.filter(state::isNew)
                        .map(query -> round(state, query, trace))
                        .orElseGet(() -> Uni.createFrom().item(state.gathered())));
    }

    private Uni<Gathered> round(ChainState state, String query, TraceLog trace) {
        return search.find(state.request(), query, trace).chain(nuclei -> {
            state.found(query, nuclei, config.evidencePerRound());
            return onward(state, trace);
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
                state.request().query(), state.knownTerms(), state.latestEvidence(), config.feedbackTerms());
        if (terms.isEmpty()) {
            return Optional.empty();
        }
        state.used(terms);
        String expanded = state.request().query() + " " + String.join(" ", terms);
        state.expansion(expanded);
        return Optional.of(expanded);
    }
}
