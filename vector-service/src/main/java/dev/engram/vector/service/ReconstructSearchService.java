package dev.engram.vector.service;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.reconstruct.CueTagGraph;
import dev.engram.vector.reconstruct.Navigator;
import dev.engram.vector.reconstruct.Navigator.Evidence;
import dev.engram.vector.reconstruct.Navigator.Reconstruction;
import dev.engram.vector.reconstruct.QuestionWords;
import dev.engram.vector.reconstruct.ReconstructRecall;
import dev.engram.vector.reconstruct.ReconstructRecall.TracedStep;
import dev.engram.vector.reconstruct.ReconstructSettings;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Memory reconstruction: the heuristic navigator walks the user's cue-tag-content graph from the question's
 * cues; when the question names none, a search over the facts gives it contents to start from. The facts it opened
 * are mapped back to the episodes they rest on, within the request's filter. Blocking: store reads.
 */
@ApplicationScoped
public class ReconstructSearchService {

    private final VectorStore store;
    private final CueGraphs graphs;
    private final Navigator navigator;
    private final int startHits;
    private final StageTimers stages;

    ReconstructSearchService(
            VectorStore store, CueGraphs graphs, ReconstructSettings settings, MeterRegistry registry) {
        this.store = store;
        this.graphs = graphs;
        this.navigator = new Navigator(settings);
        this.startHits = settings.openPerStep();
        this.stages = new StageTimers(
                registry,
                "engram.vector.reconstruct.stage",
                "Time of each stage of a reconstruction: graph (building a graph not held), start, navigate, rank",
                List.of("graph", "start", "navigate", "rank"));
    }

    public ReconstructRecall search(UnitFilter filter, String query, int limit) {
        Map<String, Long> micros = new LinkedHashMap<>();
        long started = System.nanoTime();
        CueTagGraph graph = graphs.of(filter);
        started = stages.lap(micros, "graph", started);
        if (graph.contents() == 0) {
            return new ReconstructRecall(List.of(), 0, 0, 0, List.of(), 0, Navigator.STOPPED_NO_CUES, micros);
        }
        Set<String> words = QuestionWords.of(query);
        boolean named = words.stream().anyMatch(graph::hasCue);
        Map<Integer, Double> found = named ? Map.of() : found(graph, filter, query);
        started = stages.lap(micros, "start", started);
        Reconstruction reconstruction = navigator.navigate(graph, words, found);
        started = stages.lap(micros, "navigate", started);
        List<UnitHit> ranked = episodes(graph, reconstruction.evidence(), filter, limit);
        stages.lap(micros, "rank", started);
        return new ReconstructRecall(
                ranked,
                graph.contents(),
                graph.cues(),
                graph.tags(),
                traced(graph, reconstruction),
                named ? 0 : 1,
                reconstruction.stopped(),
                micros);
    }

    /** Contents to start from when the question names no cue: the facts a search hits, by rank. */
    private Map<Integer, Double> found(CueTagGraph graph, UnitFilter filter, String query) {
        Map<Integer, Double> found = new LinkedHashMap<>();
        for (int content : graphs.searched(graph, filter, query, startHits)) {
            found.put(content, 1.0 / (found.size() + 1));
        }
        return found;
    }

    /** The episodes of the opened facts, best evidence first, within the filter. */
    private List<UnitHit> episodes(CueTagGraph graph, List<Evidence> evidence, UnitFilter filter, int limit) {
        return FactEpisodes.of(
                evidence.stream()
                        .map(opened -> new FactEpisodes.Scored(graph.fact(opened.content()), opened.score()))
                        .toList(),
                store,
                filter,
                limit);
    }

    private static List<TracedStep> traced(CueTagGraph graph, Reconstruction reconstruction) {
        return reconstruction.steps().stream()
                .map(step -> new TracedStep(
                        step.action(),
                        step.cues(),
                        step.tags(),
                        step.opened().stream()
                                .map(content -> graph.fact(content).factId())
                                .toList()))
                .toList();
    }
}
