package dev.engram.vector.store.qdrant;

import static io.qdrant.client.WithPayloadSelectorFactory.include;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.WithVectorsSelectorFactory;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.VectorOutput;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.VectorSimilarityFunction;

/**
 * Similarity from the stored vectors, compared exactly here rather than by a nearest-neighbour query: the
 * caller names the episodes, and an approximate search could miss some of their units.
 */
final class QdrantSimilarity {

    /** Points per scroll page: a page of 384-dimensional vectors stays well under a megabyte. */
    static final int PAGE_SIZE = 256;

    private QdrantSimilarity() {}

    /** Episode id -> the best of {@code (1 + cosine) / 2} over its units the filter matches. */
    static Map<String, Float> best(
            QdrantClient client, QdrantCalls calls, QdrantSettings settings, Filter units, float[] vector) {
        Map<String, Float> best = new HashMap<>();
        ScrollPoints.Builder page = ScrollPoints.newBuilder()
                .setCollectionName(settings.collection())
                .setFilter(units)
                .setLimit(PAGE_SIZE)
                .setWithPayload(include(List.of(QdrantPoints.EPISODE_ID)))
                .setWithVectors(WithVectorsSelectorFactory.include(List.of(QdrantSchema.DENSE)))
                .setTimeout(settings.timeoutSeconds());
        while (true) {
            ScrollPoints request = page.build();
            ScrollResponse response = calls.call("read unit vectors", timeout -> client.scrollAsync(request, timeout));
            for (RetrievedPoint point : response.getResultList()) {
                float[] stored = denseVector(point);
                if (stored.length == vector.length) {
                    // Lucene's cosine, mapped into [0, 1] exactly as the Lucene store maps it.
                    float similarity = VectorSimilarityFunction.COSINE.compare(vector, stored);
                    best.merge(QdrantPoints.episodeId(point.getPayloadMap()), similarity, Math::max);
                }
            }
            if (!response.hasNextPageOffset()) {
                return best;
            }
            page.setOffset(response.getNextPageOffset());
        }
    }

    private static float[] denseVector(RetrievedPoint point) {
        VectorOutput output = point.getVectors().getVectors().getVectorsMap().get(QdrantSchema.DENSE);
        if (output == null) {
            return new float[0];
        }
        List<Float> values = output.hasDense() ? output.getDense().getDataList() : output.getDataList();
        float[] vector = new float[values.size()];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = values.get(i);
        }
        return vector;
    }
}
