package dev.engram.retrieval.service;

import dev.engram.retrieval.agent.Gathered;
import dev.engram.retrieval.agent.ModeSelector;
import dev.engram.retrieval.agent.SearchStrategy;
import dev.engram.retrieval.agent.rules.RouteDecision;
import dev.engram.retrieval.model.SearchMode;
import dev.engram.retrieval.model.SearchRequest;
import dev.engram.retrieval.model.SearchResult;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.EnumMap;
import java.util.Map;

/**
 * Answers a search: picks the strategy (the one asked for, or for {@code auto} the one ToolSelect
 * chooses), lets it gather nuclei while the session's short-term memory is read, and hands both to
 * the shared cluster pipeline. Under {@code auto}, a question that asks for several things gets its
 * hits without neighbours, unless the request chose them: its items are said in separate turns, and
 * a neighbour would mostly take the place of another item. The trace says which strategy ran and
 * why.
 */
@ApplicationScoped
public class SearchRouter {

    static final String STANDING_ALONE = "; it asks for several things, so each hit stands alone";

    private final Map<SearchMode, SearchStrategy> strategies = new EnumMap<>(SearchMode.class);
    private final ModeSelector selector;
    private final ClusterPipeline pipeline;

    public SearchRouter(Instance<SearchStrategy> available, ModeSelector selector, ClusterPipeline pipeline) {
        available.forEach(strategy -> strategies.put(strategy.mode(), strategy));
        this.selector = selector;
        this.pipeline = pipeline;
    }

    public Uni<SearchResult> search(SearchRequest request) {
        return Uni.createFrom().deferred(() -> {
            TraceLog trace = new TraceLog();
            Uni<Decided> decided = decide(request, trace).chain(decision -> {
                boolean standAlone = decision.asksForSeveral() && !request.neighboursChosen();
                SearchRequest shaped = standAlone ? request.withoutNeighbours() : request;
                trace.chose(decision.mode(), decision.reason() + (standAlone ? STANDING_ALONE : ""));
                return strategies.get(decision.mode()).gather(shaped, trace).map(found -> new Decided(shaped, found));
            });
            return Uni.combine()
                    .all()
                    .unis(decided, pipeline.shortTerm(request, trace))
                    .asTuple()
                    .chain(found -> pipeline.finish(
                            found.getItem1().request(), found.getItem1().gathered(), found.getItem2(), trace));
        });
    }

    /** The request as the route shaped it, and what its strategy gathered. */
    private record Decided(SearchRequest request, Gathered gathered) {}

    private Uni<RouteDecision> decide(SearchRequest request, TraceLog trace) {
        if (request.mode() == SearchMode.AUTO) {
            return selector.select(request, trace);
        }
        return Uni.createFrom()
                .item(new RouteDecision(request.mode(), request.mode().wireName() + " search requested"));
    }
}
