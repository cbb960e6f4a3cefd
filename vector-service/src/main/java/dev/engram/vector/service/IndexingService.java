package dev.engram.vector.service;

import dev.engram.embedding.SentenceEncoder;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.FactDeriver;
import dev.engram.vector.facts.llm.LlmFactQueue;
import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitText;
import dev.engram.vector.model.Vectors;
import dev.engram.vector.scheduling.IndexingPauses;
import dev.engram.vector.scheduling.SearchesInFlight;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.UserTrees;
import dev.engram.vector.segtree.llm.SegmentSummaryQueue;
import dev.engram.vector.store.VectorStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Turns episodes into embedded units and stores them. Blocking: ONNX inference and disk writes. */
@ApplicationScoped
public class IndexingService {

    private final VectorStore store;
    private final SentenceEncoder encoder;
    private final SearchesInFlight searches;
    private final Duration searchPause;
    private final EpisodeUnitSplitter splitter;
    private final FactDeriver facts;
    private final boolean deriveFacts;
    private final UserGraphs graphs;
    private final LlmFactQueue llmFacts;
    private final SegmentSummaryQueue summaries;
    private final UserTrees trees;
    private final Timer indexTimer;
    private final Timer embedTimer;
    private final Timer storeTimer;
    private final Counter indexedUnits;

    IndexingService(
            VectorStore store,
            SentenceEncoder encoder,
            SearchesInFlight searches,
            EpisodeUnitSplitter splitter,
            UserGraphs graphs,
            LlmFactQueue llmFacts,
            SegmentSummaryQueue summaries,
            UserTrees trees,
            VectorConfig config,
            MeterRegistry registry) {
        this.store = store;
        this.encoder = encoder;
        this.searches = searches;
        this.searchPause = config.embedding().searchPause();
        this.splitter = splitter;
        this.facts = new FactDeriver();
        this.deriveFacts = config.graph().facts();
        this.graphs = graphs;
        this.llmFacts = llmFacts;
        this.summaries = summaries;
        this.trees = trees;
        this.indexTimer = Timer.builder("engram.vector.index")
                .description("Time to embed and durably index one batch of episodes")
                .register(registry);
        this.embedTimer = Timer.builder("engram.vector.index.stage")
                .description("Time of one stage of indexing a batch of episodes")
                .tag("stage", "embed")
                .register(registry);
        this.storeTimer = Timer.builder("engram.vector.index.stage")
                .description("Time of one stage of indexing a batch of episodes")
                .tag("stage", "store")
                .register(registry);
        this.indexedUnits = Counter.builder("engram.vector.indexed.units")
                .description("Units embedded and written to the index, re-indexed ones included")
                .register(registry);
    }

    /**
     * Replaces the units of every given episode; durable when it returns. The batch's sentences are embedded
     * together, in model runs of sentences of similar length; before each run, and before the index write,
     * indexing gives way to the searches in flight for at most {@code engram.vector.embedding.search-pause}, and
     * never longer in all than it has worked (see {@link IndexingPauses}).
     *
     * @return the number of episodes indexed
     */
    public int index(List<SourceEpisode> episodes) {
        if (episodes.isEmpty()) {
            return 0;
        }
        return indexTimer.record(() -> {
            List<List<UnitText>> unitsPerEpisode = new ArrayList<>(episodes.size());
            List<String> segments = new ArrayList<>();
            for (SourceEpisode episode : episodes) {
                List<UnitText> units = splitter.split(episode);
                unitsPerEpisode.add(units);
                units.stream().filter(UnitText::embedded).forEach(unit -> segments.add(unit.text()));
            }
            IndexingPauses pauses = new IndexingPauses(searches, searchPause);
            List<float[]> embeddings =
                    segments.isEmpty() ? List.of() : embedTimer.record(() -> encoder.embedAll(segments, pauses));

            List<EpisodeUnits> indexed = new ArrayList<>(episodes.size());
            int next = 0;
            for (int i = 0; i < episodes.size(); i++) {
                List<IndexUnit> units = new ArrayList<>();
                for (UnitText unit : unitsPerEpisode.get(i)) {
                    float[] vector = unit.embedded() ? embeddings.get(next++) : null;
                    units.add(new IndexUnit(unit.unitId(), unit.kind(), unit.text(), vector));
                }
                List<Fact> derived = deriveFacts ? facts.derive(episodes.get(i), unitsPerEpisode.get(i)) : List.of();
                indexed.add(new EpisodeUnits(episodes.get(i), units, derived));
            }
            pauses.run();
            storeTimer.record(() -> store.index(indexed));
            updateHeld(indexed);
            llmFacts.offer(indexed);
            summaries.offer(indexed);
            indexedUnits.increment(segments.size());
            return episodes.size();
        });
    }

    /** Held graphs and trees take the new facts and leaves once the store has them, per user. */
    private void updateHeld(List<EpisodeUnits> indexed) {
        Map<List<String>, List<EpisodeUnits>> byUser = indexed.stream()
                .collect(Collectors.groupingBy(
                        units -> List.of(
                                units.episode().project(), units.episode().userId()),
                        LinkedHashMap::new,
                        Collectors.toList()));
        byUser.forEach((user, episodes) -> {
            graphs.indexed(
                    user.get(0),
                    user.get(1),
                    episodes.stream().map(units -> units.episode().episodeId()).toList(),
                    episodes.stream().flatMap(units -> units.facts().stream()).toList());
            trees.indexed(
                    user.get(0),
                    user.get(1),
                    episodes.stream().flatMap(units -> leaf(units).stream()).toList());
        });
    }

    /**
     * The episode as a leaf of its session's segment tree: the mean of its sentences' and captions' vectors, as
     * {@link VectorStore#leaves} reads it back. A turn's own vector (when turns are embedded too) is left out.
     */
    private static Optional<Leaf> leaf(EpisodeUnits indexed) {
        float[] sum = null;
        for (IndexUnit unit : indexed.units()) {
            if (unit.vector() != null && (unit.kind() == UnitKind.SENTENCE || unit.kind() == UnitKind.CAPTION)) {
                sum = sum == null ? new float[unit.vector().length] : sum;
                for (int d = 0; d < sum.length; d++) {
                    sum[d] += unit.vector()[d];
                }
            }
        }
        SourceEpisode episode = indexed.episode();
        return sum == null
                ? Optional.empty()
                : Optional.of(new Leaf(
                        episode.episodeId(), episode.sessionId(), episode.timestamp(), Vectors.normalized(sum)));
    }
}
