package dev.engram.vector.service;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.reconstruct.CueTagGraph;
import dev.engram.vector.reconstruct.Navigation;
import dev.engram.vector.reconstruct.Navigation.Action;
import dev.engram.vector.reconstruct.Navigation.Result;
import dev.engram.vector.reconstruct.QuestionWords;
import dev.engram.vector.reconstruct.Traversal;
import dev.engram.vector.reconstruct.Traversal.Reached;
import dev.engram.vector.store.VectorStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntPredicate;

/**
 * One step of a reconstruction navigated from outside: carries out the caller's traversal actions on the user's
 * cue-tag-content graph, shows what they reached (never what the filter excludes, nor again what the caller has
 * opened), and ranks the episodes of the facts opened so far in the caller's order. Blocking: store reads.
 */
@ApplicationScoped
public class NavigateService {

    private final VectorStore store;
    private final CueGraphs graphs;

    NavigateService(VectorStore store, CueGraphs graphs) {
        this.store = store;
        this.graphs = graphs;
    }

    /**
     * @param opened fact ids the caller has opened, in the order their episodes rank
     * @param perAction most contents one action answers
     */
    public Navigation navigate(
            UnitFilter filter, String query, List<Action> actions, List<String> opened, int perAction, int limit) {
        CueTagGraph graph = graphs.of(filter);
        if (graph.contents() == 0) {
            return new Navigation(List.of(), List.of(), 0, 0, 0, 0);
        }
        Traversal traversal = new Traversal(graph, QuestionWords.of(query), visibility(graph, filter));
        List<FactEpisodes.Scored> ranked = new ArrayList<>();
        Set<Integer> shown = new HashSet<>();
        for (String factId : opened) {
            int content = traversal.content(factId);
            if (content >= 0 && shown.add(content)) {
                ranked.add(new FactEpisodes.Scored(graph.fact(content), 1.0 / (ranked.size() + 1)));
            }
        }
        List<Result> results = new ArrayList<>(actions.size());
        int searches = 0;
        for (Action action : actions) {
            Reached reached = carryOut(traversal, action);
            if (action.op().equals(Traversal.START) && reached.cues().isEmpty()) {
                reached = new Reached("", List.of(), graphs.searched(graph, filter, query, perAction));
                searches++;
            }
            results.add(result(graph, action, reached, shown, perAction));
        }
        return new Navigation(
                results,
                FactEpisodes.of(ranked, store, filter, limit),
                graph.contents(),
                graph.cues(),
                graph.tags(),
                searches);
    }

    private static Reached carryOut(Traversal traversal, Action action) {
        return switch (action.op()) {
            case Traversal.START -> traversal.start();
            case Traversal.TAGS -> traversal.tags(action.cue());
            case Traversal.OPEN -> traversal.open(action.cue(), action.tag());
            case Traversal.CUES -> traversal.cues(action.factId());
            case Traversal.TOPIC -> traversal.topic(action.factId());
            default -> new Reached(Traversal.UNKNOWN_OP, List.of(), List.of());
        };
    }

    /** The contents not shown yet, at most {@code perAction}; how many more there were. */
    private static Result result(CueTagGraph graph, Action action, Reached reached, Set<Integer> shown, int perAction) {
        List<Navigation.Content> contents = new ArrayList<>();
        int more = 0;
        for (int content : reached.contents()) {
            if (shown.contains(content)) {
                continue;
            }
            if (contents.size() == perAction) {
                more++;
                continue;
            }
            shown.add(content);
            contents.add(new Navigation.Content(graph.fact(content), graph.tagOf(content), graph.cuesOf(content)));
        }
        return new Result(action, reached.error(), reached.cues(), contents, more);
    }

    /**
     * Which contents the filter lets the caller see: a content rests on episodes, and is visible when one of them
     * is allowed. One lookup of all the graph's evidence, made when a narrowing filter first asks.
     */
    private IntPredicate visibility(CueTagGraph graph, UnitFilter filter) {
        if (!filter.narrows()) {
            return content -> true;
        }
        AtomicReference<Set<String>> allowed = new AtomicReference<>();
        return content -> {
            if (allowed.get() == null) {
                Set<String> evidence = new HashSet<>();
                for (int node = 0; node < graph.contents(); node++) {
                    evidence.addAll(graph.fact(node).evidence());
                }
                allowed.set(store.allowed(filter, evidence));
            }
            return graph.fact(content).evidence().stream().anyMatch(allowed.get()::contains);
        };
    }
}
