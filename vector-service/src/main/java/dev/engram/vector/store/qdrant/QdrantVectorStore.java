package dev.engram.vector.store.qdrant;

import static io.qdrant.client.QueryFactory.nearest;
import static io.qdrant.client.WithPayloadSelectorFactory.include;

import dev.engram.grpc.call.CallPolicy;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.FactReplacement;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.SegmentSummary;
import dev.engram.vector.store.EpisodeRanking;
import dev.engram.vector.store.VectorStore;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.VectorInputFactory;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.Points.VectorInput;
import io.quarkus.logging.Log;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Units in a Qdrant collection shared by every replica of the service. The search mirrors the Lucene
 * store: two retrievers, dense over the embedded units and BM25-style sparse vectors over turns, sent as
 * one query batch under the same filter; each retriever's ranking of units becomes a ranking of episodes
 * (an episode takes the rank of its best unit), and reciprocal-rank fusion joins them here rather than in
 * Qdrant, whose own fusion ranks points, where one episode's sentences would crowd out other episodes.
 */
public final class QdrantVectorStore implements VectorStore {

    private final QdrantClient client;
    private final QdrantSettings settings;
    private final QdrantCalls calls;

    private final QdrantWrites writes;
    private final SparseText sparseText = new SparseText();
    private volatile boolean collectionReady;

    /**
     * Connects to the collection, creating it and its indexes when needed. An unreachable Qdrant does not
     * fail the service's start: the store reports itself unhealthy and tries again on its next call.
     */
    public QdrantVectorStore(QdrantClient client, QdrantSettings settings, CallPolicy policy) {
        this.client = client;
        this.settings = settings;
        this.calls = new QdrantCalls(policy);
        this.writes = new QdrantWrites(client, calls, settings, sparseText);
        try {
            ensureCollection();
        } catch (RuntimeException e) {
            Log.warnf("Qdrant collection %s not ready yet: %s", settings.collection(), e.getMessage());
        }
    }

    /**
     * The collection of one embedding model in the current point layout: vectors of different models are
     * not comparable, and a new layout starts a new collection that is filled by re-indexing. Qdrant
     * accepts letters, digits, '-' and '_' everywhere, so anything else becomes '_'.
     */
    public static String collectionName(String prefix, String modelId) {
        return (prefix + "-" + modelId + "-" + QdrantPoints.LAYOUT_VERSION).replaceAll("[^A-Za-z0-9_-]", "_");
    }

    @Override
    public void index(List<EpisodeUnits> episodes) {
        if (episodes.isEmpty()) {
            return;
        }
        ensureCollection();
        writes.replace(episodes);
    }

    @Override
    public void delete(UnitSelection selection) {
        ensureCollection();
        DeletePoints request = DeletePoints.newBuilder()
                .setCollectionName(settings.collection())
                .setPoints(PointsSelector.newBuilder().setFilter(QdrantFilters.of(selection)))
                .setWait(true)
                .setOrdering(QdrantWrites.ORDERING)
                .setTimeout(settings.timeoutSeconds())
                .build();
        UpdateResult result = calls.call("delete units", timeout -> client.deleteAsync(request, timeout));
        QdrantWrites.requireApplied(List.of(result));
    }

    @Override
    public UnitCounts count(String project, String userId) {
        ensureCollection();
        return QdrantCounts.of(client, calls, settings, project, userId);
    }

    @Override
    public List<UnitHit> search(UnitQuery query) {
        ensureCollection();
        int candidates = Math.max(query.limit(), settings.hybrid().candidates());
        Filter filter = QdrantFilters.of(query.filter());
        List<QueryPoints> queries = new ArrayList<>(2);
        queries.add(retriever(
                VectorInputFactory.vectorInput(query.vector()),
                QdrantSchema.DENSE,
                filter,
                candidates * settings.hybrid().unitsPerEpisode()));
        Optional<Vector> text = sparseText.query(query.text());
        text.ifPresent(sparse -> queries.add(retriever(
                VectorInput.newBuilder().setSparse(sparse.getSparse()).build(),
                QdrantSchema.SPARSE,
                filter,
                candidates)));
        List<BatchResult> results =
                calls.call("search", timeout -> client.queryBatchAsync(settings.collection(), queries, null, timeout));

        Map<String, ScoredPoint> dense = episodes(results.get(0), candidates);
        Map<String, ScoredPoint> sparse = text.isPresent() ? episodes(results.get(1), candidates) : Map.of();
        return EpisodeRanking.fuse(settings.hybrid().rrfK(), query.limit(), dense, sparse).stream()
                .map(unit -> QdrantPoints.toHit(unit.item().getPayloadMap(), unit.score()))
                .toList();
    }

    @Override
    public Map<String, Float> similarity(String project, String userId, Collection<String> episodeIds, float[] vector) {
        if (episodeIds.isEmpty()) {
            return Map.of();
        }
        ensureCollection();
        return QdrantSimilarity.best(
                client, calls, settings, QdrantFilters.embeddedUnits(project, userId, episodeIds), vector);
    }

    /** Segment trees are built over the embedded store only: a tree search against this store searches directly. */
    @Override
    public List<Leaf> leaves(String project, String userId) {
        return List.of();
    }

    /** Segment trees, and so their summaries, are kept over the embedded store only. */
    @Override
    public void replaceSummaries(
            String project, String userId, List<SegmentSummary> written, Collection<String> retiredIds) {}

    @Override
    public List<SegmentSummary> summaries(String project, String userId, String sessionId) {
        return List.of();
    }

    @Override
    public List<UnitHit> turns(String project, String userId, Collection<String> episodeIds) {
        return List.of();
    }

    @Override
    public List<SegmentSummary> searchSummaries(UnitFilter filter, String text, float[] vector, int limit) {
        return List.of();
    }

    @Override
    public List<Leaf> leaves(String project, String userId, String sessionId) {
        return List.of();
    }

    /** Facts are kept by the embedded store only (see {@link #facts}), so there is nothing to replace. */
    @Override
    public void replaceFacts(FactReplacement replacement) {}

    /**
     * Facts are kept by the embedded store only: a graph search against this store finds no facts and answers
     * like a direct search, as its trace says.
     */
    @Override
    public List<Fact> facts(String project, String userId) {
        return List.of();
    }

    @Override
    public List<Fact> facts(String project, String userId, Collection<String> factIds) {
        return List.of();
    }

    @Override
    public List<UnitHit> searchFacts(UnitQuery query) {
        return List.of();
    }

    /** Vouches for no episode: with no facts here, no graph walk has episodes to check. */
    @Override
    public Set<String> allowed(UnitFilter filter, Collection<String> episodeIds) {
        return Set.of();
    }

    @Override
    public boolean isHealthy() {
        try {
            calls.callOnce("health check", client::healthCheckAsync);
            ensureCollection();
            return true;
        } catch (RuntimeException e) {
            Log.debugf("Qdrant is not healthy: %s", e.getMessage());
            return false;
        }
    }

    @Override
    public void close() {
        sparseText.close();
        client.close();
    }

    private QueryPoints retriever(VectorInput input, String vectorName, Filter filter, int limit) {
        return QueryPoints.newBuilder()
                .setCollectionName(settings.collection())
                .setQuery(nearest(input))
                .setUsing(vectorName)
                .setFilter(filter)
                .setLimit(limit)
                .setWithPayload(include(QdrantPoints.HIT_FIELDS))
                .setTimeout(settings.timeoutSeconds())
                .build();
    }

    private static Map<String, ScoredPoint> episodes(BatchResult result, int limit) {
        return EpisodeRanking.of(result.getResultList(), point -> QdrantPoints.episodeId(point.getPayloadMap()), limit);
    }

    private void ensureCollection() {
        if (collectionReady) {
            return;
        }
        synchronized (this) {
            if (!collectionReady) {
                QdrantSchema.ensure(client, calls, settings);
                collectionReady = true;
            }
        }
    }
}
