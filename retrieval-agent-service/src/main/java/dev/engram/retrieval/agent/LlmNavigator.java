package dev.engram.retrieval.agent;

import dev.engram.proto.v1.NavigateResponse;
import dev.engram.proto.v1.NavigationAction;
import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.retrieval.agent.llm.AgentLlm;
import dev.engram.retrieval.agent.llm.LlmAnswers;
import dev.engram.retrieval.agent.llm.NavigationDecision;
import dev.engram.retrieval.client.VectorClient;
import dev.engram.retrieval.config.RetrievalConfig;
import dev.engram.retrieval.service.TraceLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/**
 * Memory reconstruction navigated by the LLM (Navigate mode). It starts from the cues the question names, each with
 * its tags (or, when it names none, from the facts a search hits); at each step the LLM sees the cues, tags and
 * contents found so far and chooses the next traversal actions (a cue's tags, a cue's contents of one tag, a
 * content's cues, a content's event), or says the evidence suffices and which of it helps. vector-service carries
 * out the actions; the state is held here. Every call goes through {@link AgentLlm}, under the search's budget,
 * timeout and rate limit. No usable first answer leaves the search to the heuristic navigator; a later failure, a
 * step that asks only for what was done or cannot be done, or the spent budget ends the navigation with what it
 * opened.
 */
@ApplicationScoped
public class LlmNavigator {

    static final String SUFFICIENT = "sufficient";
    static final String BUDGET = "budget";
    static final String LOOP = "loop";
    static final String LLM_FAILED = "llm_failed";

    private static final int MAX_CONTENTS_PER_ACTION = 100;
    private static final int MAX_ACTIONS_PER_STEP = 16;

    private static final NavigationAction START =
            NavigationAction.newBuilder().setOp("start").build();

    private final VectorClient vector;
    private final AgentLlm llm;
    private final RetrievalConfig.Navigator limits;
    private final int contentsPerAction;
    private final int actionsPerStep;

    public LlmNavigator(VectorClient vector, AgentLlm llm, RetrievalConfig config) {
        this.vector = vector;
        this.llm = llm;
        this.limits = config.reconstruct().navigator();
        // What vector-service accepts in one Navigate call.
        this.contentsPerAction = Math.max(1, Math.min(MAX_CONTENTS_PER_ACTION, limits.contentsPerAction()));
        this.actionsPerStep = Math.max(1, Math.min(MAX_ACTIONS_PER_STEP, limits.actionsPerStep()));
    }

    /** Whether searches are navigated by the LLM: it is configured, and the navigator may use it. */
    public boolean navigates() {
        return limits.llm() && llm.enabled();
    }

    /** The reconstruction of {@code query}, shaped as the heuristic's, so that it is fused and traced alike. */
    public Uni<ReconstructSearchResponse> reconstruct(
            Scope scope, String query, int limit, SearchFilter filter, TraceLog trace) {
        Navigation navigation = new Navigation(scope, query, limit, filter, trace, new NavigationState());
        return navigation.carryOut(List.of(START)).chain(started -> {
            if (started.getFacts() == 0) {
                return Uni.createFrom()
                        .item(ReconstructSearchResponse.newBuilder()
                                .setNavigator("llm")
                                .build());
            }
            return navigation.step(0);
        });
    }

    /** One navigation of one question. */
    private final class Navigation {

        private final Scope scope;
        private final String query;
        private final int limit;
        private final SearchFilter filter;
        private final TraceLog trace;
        private final NavigationState state;

        Navigation(Scope scope, String query, int limit, SearchFilter filter, TraceLog trace, NavigationState state) {
            this.scope = scope;
            this.query = query;
            this.limit = limit;
            this.filter = filter;
            this.trace = trace;
            this.state = state;
        }

        Uni<NavigateResponse> carryOut(List<NavigationAction> actions) {
            return vector.navigate(scope, query, limit, filter, actions, state.ranked(), contentsPerAction)
                    .invoke(state::absorb);
        }

        Uni<ReconstructSearchResponse> step(int step) {
            if (step == limits.maxSteps() || !llm.budgetLeft(trace)) {
                return finish(BUDGET);
            }
            int stepsLeft = limits.maxSteps() - step;
            return llm.ask(
                            "navigate",
                            scope.getProject(),
                            trace,
                            model -> model.navigate(query, state.render(stepsLeft), actionsPerStep),
                            answer -> LlmAnswers.navigation(answer, actionsPerStep))
                    .chain(decision -> next(step, decision));
        }

        private Uni<ReconstructSearchResponse> next(int step, Optional<NavigationDecision> decision) {
            if (decision.isEmpty()) {
                return step == 0 ? heuristic() : finish(LLM_FAILED);
            }
            state.useful(decision.get().useful());
            if (decision.get().sufficient()) {
                return finish(SUFFICIENT);
            }
            List<NavigationAction> fresh = state.fresh(decision.get().actions());
            if (fresh.isEmpty()) {
                return finish(LOOP);
            }
            return carryOut(fresh).chain(() -> step(step + 1));
        }

        /** The episodes of what was opened, in the state's order. */
        private Uni<ReconstructSearchResponse> finish(String stopped) {
            return carryOut(List.of())
                    .map(ranked -> ReconstructSearchResponse.newBuilder()
                            .addAllRanked(ranked.getRankedList())
                            .setFacts(state.facts())
                            .setCues(ranked.getCues())
                            .setTags(ranked.getTags())
                            .addAllSteps(state.steps())
                            .setIndexSearches(state.indexSearches())
                            .setStopped(stopped)
                            .setNavigator("llm")
                            .build());
        }

        /** The LLM gave nothing to go on from the start: the heuristic navigates instead. */
        private Uni<ReconstructSearchResponse> heuristic() {
            return vector.reconstructSearch(scope, query, limit, filter)
                    .map(found -> found.toBuilder()
                            .setIndexSearches(found.getIndexSearches() + state.indexSearches())
                            .build());
        }
    }
}
