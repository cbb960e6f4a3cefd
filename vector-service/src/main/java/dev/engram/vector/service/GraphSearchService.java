package dev.engram.vector.service;

import dev.engram.vector.graph.FactGraph;
import dev.engram.vector.graph.GraphRecall;
import dev.engram.vector.graph.GraphSettings;
import dev.engram.vector.graph.PersonalizedPageRank;
import dev.engram.vector.graph.PersonalizedPageRank.Walk;
import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.store.EpisodeRanking;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Graph recall: the facts the query hits (a hybrid search over facts, within the request's filter) seed a
 * random walk with restart over the user's associative graph, after the other facts of their events have
 * joined them as weaker seeds. Both the hit facts and the facts the walk ranks highest are mapped back to
 * the episodes they were said in. Blocking: store reads and the walk.
 */
@ApplicationScoped
public class GraphSearchService {

    private final VectorStore store;
    private final QueryEmbeddings embeddings;
    private final UserGraphs graphs;
    private final GraphSettings settings;
    private final StageTimers stages;

    GraphSearchService(
            VectorStore store,
            QueryEmbeddings embeddings,
            UserGraphs graphs,
            GraphSettings settings,
            MeterRegistry registry) {
        this.store = store;
        this.embeddings = embeddings;
        this.graphs = graphs;
        this.settings = settings;
        this.stages = new StageTimers(
                registry,
                "engram.vector.graph.stage",
                "Time of each stage of a graph search: graph (building a graph not held), primary, walk",
                List.of("graph", "primary", "walk"));
    }

    public GraphRecall search(UnitFilter filter, String query, int limit) {
        Map<String, Long> micros = new LinkedHashMap<>();
        long started = System.nanoTime();
        FactGraph graph =
                graphs.graph(filter.project(), filter.userId(), () -> store.facts(filter.project(), filter.userId()));
        started = stages.lap(micros, "graph", started);
        if (graph.size() == 0) {
            return new GraphRecall(List.of(), List.of(), 0, 0, 0, 0, micros);
        }
        float[] vector = embeddings.embed(query);
        List<UnitHit> hits = store.searchFacts(new UnitQuery(query, vector, filter, Math.max(limit, settings.seeds())));
        started = stages.lap(micros, "primary", started);

        Map<Integer, Double> seeds = new LinkedHashMap<>();
        for (UnitHit hit : hits.subList(0, Math.min(settings.seeds(), hits.size()))) {
            int node = graph.node(hit.unitId());
            if (node >= 0) {
                // Rank-based weights: fused scores are not comparable in scale, their order is.
                seeds.merge(node, 1.0 / (seeds.size() + 1), Math::max);
            }
        }
        int primarySeeds = seeds.size();
        for (Map.Entry<Integer, Double> seed : List.copyOf(seeds.entrySet())) {
            int[] event = graph.event(seed.getKey());
            for (int member : event) {
                // Compensatory recall: the rest of a hit's event joins, weaker the larger the event.
                seeds.putIfAbsent(member, seed.getValue() / event.length);
            }
        }
        List<UnitHit> walked = List.of();
        int touched = 0;
        if (!seeds.isEmpty()) {
            Walk walk = PersonalizedPageRank.walk(graph, seeds, settings);
            touched = walk.touched();
            Set<Integer> skipped = settings.answerSeeds()
                    ? Set.of()
                    : Set.copyOf(List.copyOf(seeds.keySet()).subList(0, primarySeeds));
            walked = walkedEpisodes(graph, walk, filter, limit, skipped);
        }
        stages.lap(micros, "walk", started);
        List<UnitHit> primary =
                List.copyOf(EpisodeRanking.of(hits, UnitHit::episodeId, limit).values());
        return new GraphRecall(
                primary, walked, graph.size(), primarySeeds, seeds.size() - primarySeeds, touched, micros);
    }

    /** The episodes of the best-ranked facts, each shown by its best fact, kept only when the filter allows them. */
    private List<UnitHit> walkedEpisodes(
            FactGraph graph, Walk walk, UnitFilter filter, int limit, Set<Integer> skipped) {
        double[] scores = walk.scores();
        List<Integer> ranked = IntStream.range(0, graph.size())
                .filter(node -> scores[node] > 0 && !skipped.contains(node))
                .boxed()
                .sorted(Comparator.comparingDouble((Integer node) -> -scores[node]))
                .toList();
        return FactEpisodes.of(
                ranked.stream()
                        .map(node -> new FactEpisodes.Scored(graph.fact(node), scores[node]))
                        .toList(),
                store,
                filter,
                limit);
    }
}
