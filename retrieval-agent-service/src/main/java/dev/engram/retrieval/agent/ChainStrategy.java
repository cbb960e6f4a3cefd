package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.ChainJudgement;
import dev.engram.retrieval.agent.llm.LlmAnswers;
import dev.engram.retrieval.agent.rules.FeedbackTerms;
import dev.engram.retrieval.agent.rules.FirstPerson;
import dev.engram.retrieval.agent.rules.Participants;
import dev.engram.retrieval.config.AgentConfig;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * ChainOfQuery: search, read what was found, search again with a query built from it, for a
 * bounded number of rounds. With an LLM, each round's evidence is judged in one call that says
 * whether it suffices and what to ask next. Without one, the hop after the question is the person
 * hop (see {@link #takesPersonHop}) when the question is about one of the people who speak in the
 * memory, and that ends the chain; when earlier searches already showed who speaks, the hop runs
 * alongside the first round; otherwise (or when the LLM gives nothing usable) the next query is the
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
    private final KnownSpeakers knownSpeakers;
    private final AgentConfig.Chain config;

    public ChainStrategy(
            QuerySearch search,
            AgentLlm llm,
            FeedbackTerms feedback,
            FirstPerson firstPerson,
            KnownSpeakers knownSpeakers,
            AgentConfig config) {
        this.search = search;
        this.llm = llm;
        this.feedback = feedback;
        this.firstPerson = firstPerson;
        this.knownSpeakers = knownSpeakers;
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
            Optional<String> knownPerson = takesPersonHop(request)
                    ? Participants.theOneNamed(request.query(), knownSpeakers.of(request.scope()))
                    : Optional.empty();
            Optional<String> statement = knownPerson.flatMap(person -> ownStatement(request.query(), person));
            if (statement.isPresent()) {
                return alongside(state, knownPerson.get(), statement.get(), trace);
            }
            return search.find(request, request.query(), trace).chain(nuclei -> {
                firstRound(state, nuclei);
                return ownWords(state, trace).chain(() -> onward(state, trace));
            });
        });
    }

    private void firstRound(ChainState state, List<Nucleus> nuclei) {
        SearchRequest request = state.request();
        state.found(request.query(), nuclei, config.evidencePerRound());
        if (takesPersonHop(request)) {
            knownSpeakers.saw(request.scope(), state.speakers());
        }
    }

    /**
     * The person hop: when the question is about exactly one of the people who speak in the memory,
     * a round searches only that person's turns, with the question rewritten the way they would have
     * said it, and that ends the chain. Rule-based chains only, and skipped when the request already
     * chooses speakers.
     */
    private boolean takesPersonHop(SearchRequest request) {
        // With an LLM, the judge chooses the next query, knowing what the evidence says.
        return !llm.enabled() && config.maxRounds() > 1 && request.filter().getProducersCount() == 0;
    }

    /** The question as the person would have said it, unless that says nothing new. */
    private Optional<String> ownStatement(String question, String person) {
        String statement = firstPerson.rewrite(question, person);
        return statement.isBlank() || ChainState.sameQuery(statement, question)
                ? Optional.empty()
                : Optional.of(statement);
    }

    /**
     * Who the question is about is known from earlier searches of this user, so the person hop runs
     * alongside the first round rather than after it; the rounds are recorded in the same order. A
     * hop that finds nothing is dropped, and the chain goes on as it would have without one.
     */
    private Uni<Gathered> alongside(ChainState state, String person, String statement, TraceLog trace) {
        SearchRequest request = state.request();
        return Uni.combine()
                .all()
                .unis(
                        search.find(request, request.query(), trace),
                        search.find(theirTurns(request, person), statement, trace))
                .asTuple()
                .chain(found -> {
                    firstRound(state, found.getItem1());
                    if (found.getItem2().isEmpty()) {
                        // Nothing of theirs in this search's reach (another session, a filter, or
                        // their turns deleted since): go on as if no person hop were to be taken.
                        return onward(state, trace);
                    }
                    state.found(statement, found.getItem2(), config.evidencePerRound());
                    state.searchedOwnWords();
                    return Uni.createFrom().item(state.gathered());
                });
    }

    /** The person hop after the first round, for a person that round heard speak. */
    private Uni<Void> ownWords(ChainState state, TraceLog trace) {
        SearchRequest request = state.request();
        if (!takesPersonHop(request)) {
            return Uni.createFrom().voidItem();
        }
        return Participants.theOneNamed(request.query(), state.speakers())
                .flatMap(person -> ownStatement(request.query(), person)
                        .map(statement -> search.find(theirTurns(request, person), statement, trace)
                                .invoke(nuclei -> {
                                    state.found(statement, nuclei, config.evidencePerRound());
                                    state.searchedOwnWords();
                                })
                                .replaceWithVoid()))
                .orElseGet(() -> Uni.createFrom().voidItem());
    }

    private static SearchRequest theirTurns(SearchRequest request, String person) {
        return request.withFilter(
                request.filter().toBuilder().addProducers(person).build());
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
