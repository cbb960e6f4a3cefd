package dev.engram.vector.store.qdrant;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.store.VectorStoreUnavailableException;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.PointsUpdateOperation;
import io.qdrant.client.grpc.Points.UpdateBatchPoints;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.UpdateStatus;
import io.qdrant.client.grpc.Points.WriteOrdering;
import io.qdrant.client.grpc.Points.WriteOrderingType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replaces the units of episodes in batches. Each request carries whole episodes: first a delete of every
 * unit they had (a re-indexed episode may have fewer units than before), then the upsert of their new
 * units. Qdrant applies the operations of one request in order and answers once they are searchable.
 */
final class QdrantWrites {

    /**
     * Writes go through the shard's leader, so two replicas of a shard never apply one episode's delete
     * and upsert in different orders.
     */
    static final WriteOrdering ORDERING =
            WriteOrdering.newBuilder().setType(WriteOrderingType.Medium).build();

    private final QdrantClient client;
    private final QdrantCalls calls;
    private final QdrantSettings settings;
    private final SparseText sparseText;

    QdrantWrites(QdrantClient client, QdrantCalls calls, QdrantSettings settings, SparseText sparseText) {
        this.client = client;
        this.calls = calls;
        this.settings = settings;
        this.sparseText = sparseText;
    }

    /** An episode listed twice keeps its last occurrence, as in the Lucene store. */
    void replace(List<EpisodeUnits> episodes) {
        Map<String, EpisodeUnits> latest = new LinkedHashMap<>();
        for (EpisodeUnits episode : episodes) {
            latest.put(
                    QdrantPoints.episodeKey(
                            episode.episode().project(),
                            episode.episode().userId(),
                            episode.episode().episodeId()),
                    episode);
        }
        List<String> keys = new ArrayList<>();
        List<PointStruct> points = new ArrayList<>();
        for (Map.Entry<String, EpisodeUnits> entry : latest.entrySet()) {
            List<PointStruct> units = QdrantPoints.toPoints(entry.getValue(), sparseText);
            // An episode never straddles two requests, so no search sees it half replaced.
            if (!keys.isEmpty() && points.size() + units.size() > settings.upsertBatchSize()) {
                write(keys, points);
                keys = new ArrayList<>();
                points = new ArrayList<>();
            }
            keys.add(entry.getKey());
            points.addAll(units);
        }
        write(keys, points);
    }

    private void write(List<String> episodeKeys, List<PointStruct> points) {
        UpdateBatchPoints.Builder request = UpdateBatchPoints.newBuilder()
                .setCollectionName(settings.collection())
                .setWait(true)
                .setOrdering(ORDERING)
                .setTimeout(settings.timeoutSeconds())
                .addOperations(PointsUpdateOperation.newBuilder()
                        .setDeletePoints(PointsUpdateOperation.DeletePoints.newBuilder()
                                .setPoints(PointsSelector.newBuilder()
                                        .setFilter(QdrantFilters.episodeKeys(episodeKeys)))));
        if (!points.isEmpty()) {
            request.addOperations(PointsUpdateOperation.newBuilder()
                    .setUpsert(
                            PointsUpdateOperation.PointStructList.newBuilder().addAllPoints(points)));
        }
        UpdateBatchPoints batch = request.build();
        requireApplied(calls.call(
                "index " + episodeKeys.size() + " episodes", timeout -> client.batchUpdateAsync(batch, timeout)));
    }

    /** The store promises that written units are searchable when a write returns. */
    static void requireApplied(List<UpdateResult> results) {
        for (UpdateResult result : results) {
            if (result.getStatus() != UpdateStatus.Completed) {
                throw new VectorStoreUnavailableException(
                        "Qdrant did not apply a write in time: " + result.getStatus(), null);
            }
        }
    }
}
