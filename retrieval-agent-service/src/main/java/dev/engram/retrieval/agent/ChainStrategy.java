package dev.engram.retrieval.agent;

import dev.engram.proto.v1.SearchFilter;
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
import dev.engram.retrieval.service.NucleusFusion;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * ChainOfQuery: search, read what was found, search again with a query built from it, for a
 * bounded number of rounds. With an LLM, each round's evidence is judged in one call that says
 * whether it suffices and what to ask next. Without one, the hop after the question is the person
 * hop (see {@link #personHop}) when the question is about one of the people who speak in the
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
    private final SegTreeStrategy trees;
    private final AgentLlm llm;
    private final FeedbackTerms feedback;
    private final FirstPerson firstPerson;
    private final KnownSpeakers knownSpeakers;
    private final AgentConfig.Chain config;

    public ChainStrategy(
            QuerySearch search,
            SegTreeStrategy trees,
            AgentLlm llm,
            FeedbackTerms feedback,
            FirstPerson firstPerson,
            KnownSpeakers knownSpeakers,
            AgentConfig config) {
        this.search = search;
        this.trees = trees;
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
            Optional<PersonHop> known = personHop(request, knownSpeakers.of(request.scope()));
            if (known.isPresent()) {
                return alongside(state, known.get(), trace);
            }
            return question(request, trace).chain(nuclei -> {
                firstRound(state, nuclei);
                return ownWords(state, trace).chain(() -> onward(state, trace));
            });
        });
    }

    /**
     * The search of the question itself: the direct search, fused with the segment trees' ranking when
     * configured ({@code agent.chain.question-tree}) and the user has trees.
     */
    private Uni<List<Nucleus>> question(SearchRequest request, TraceLog trace) {
        Uni<List<Nucleus>> direct = search.find(request, request.query(), trace);
        if (!config.questionTree()) {
            return direct;
        }
        return Uni.combine()
                .all()
                .unis(direct, trees.ranking(request, trace))
                .asTuple()
                .map(both -> both.getItem2().isEmpty()
                        ? both.getItem1()
                        : NucleusFusion.fuse(List.of(both.getItem1(), both.getItem2())));
    }

    private void firstRound(ChainState state, List<Nucleus> nuclei) {
        SearchRequest request = state.request();
        state.found(request.query(), nuclei, config.evidencePerRound());
        if (takesPersonHop(request)) {
            knownSpeakers.saw(request.scope(), state.speakers());
        }
    }

    /** A search of one person's own turns for the question as they would have said it. */
    private record PersonHop(SearchRequest theirTurns, String statement) {}

    /**
     * The person hop: when the question is about exactly one of these speakers, a round searches only
     * that person's turns, with the question rewritten the way they would have said it, and that ends
     * the chain. None when the rewrite says nothing new.
     */
    private Optional<PersonHop> personHop(SearchRequest request, Set<String> speakers) {
        if (!takesPersonHop(request)) {
            return Optional.empty();
        }
        return Participants.theOneNamed(request.query(), speakers).flatMap(person -> {
            String statement = firstPerson.rewrite(request.query(), person);
            if (statement.isBlank() || ChainState.sameQuery(statement, request.query())) {
                return Optional.empty();
            }
            SearchFilter theirs =
                    request.filter().toBuilder().addProducers(person).build();
            return Optional.of(new PersonHop(request.withFilter(theirs), statement));
        });
    }

    /** Rule-based chains only, and not when the request already chooses speakers. */
    private boolean takesPersonHop(SearchRequest request) {
        // With an LLM, the judge chooses the next query, knowing what the evidence says.
        return !llm.enabled() && config.maxRounds() > 1 && request.filter().getProducersCount() == 0;
    }

    private void ownWordsFound(ChainState state, PersonHop hop, List<Nucleus> nuclei) {
        state.found(hop.statement(), nuclei, config.evidencePerRound());
        state.searchedOwnWords();
    }

    /**
     * Who the question is about is known from earlier searches of this user, so the person hop runs
     * alongside the first round rather than after it; the rounds are recorded in the same order. A
     * hop that finds nothing is dropped, and the chain goes on as it would have without one.
     */
    private Uni<Gathered> alongside(ChainState state, PersonHop hop, TraceLog trace) {
        SearchRequest request = state.request();
        return Uni.combine()
                .all()
                .unis(question(request, trace), search.find(hop.theirTurns(), hop.statement(), trace))
                .asTuple()
                .chain(found -> {
                    firstRound(state, found.getItem1());
                    if (found.getItem2().isEmpty()) {
                        // Nothing of theirs in this search's reach (another session, a filter, or
                        // their turns deleted since): go on as if no person hop were to be taken.
                        return onward(state, trace);
                    }
                    ownWordsFound(state, hop, found.getItem2());
                    return Uni.createFrom().item(state.gathered());
                });
    }

    /** The person hop after the first round, for a person that round heard speak. */
    private Uni<Void> ownWords(ChainState state, TraceLog trace) {
        return personHop(state.request(), state.speakers())
                .map(hop -> search.find(hop.theirTurns(), hop.statement(), trace)
                        .invoke(nuclei -> ownWordsFound(state, hop, nuclei))
                        .replaceWithVoid())
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
        String meaning = state.isExpansion(query) && config.feedbackMeaning() == AgentConfig.FeedbackMeaning.QUESTION
                ? state.request().query()
                : "";
        return search.find(state.request(), query, meaning, trace).chain(nuclei -> {
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
