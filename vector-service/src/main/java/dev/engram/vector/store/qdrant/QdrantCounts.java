package dev.engram.vector.store.qdrant;

import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitKind;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Points.CountPoints;
import io.qdrant.client.grpc.Points.CountResponse;
import io.qdrant.client.grpc.Points.FacetCounts;
import java.util.concurrent.TimeUnit;

/**
 * What Qdrant holds for one user: exact counts of points, and the distinct episodes as a facet over the
 * indexed episode id. These are separate reads, not one snapshot: a write between them can make the
 * numbers disagree for a moment.
 */
final class QdrantCounts {

    private QdrantCounts() {}

    static UnitCounts of(
            QdrantClient client, QdrantCalls calls, QdrantSettings settings, String project, String userId) {
        long units = count(client, calls, settings, "count units", QdrantFilters.units(project, userId));
        if (units == 0) {
            return UnitCounts.NONE;
        }
        long turns =
                count(client, calls, settings, "count turn units", QdrantFilters.units(project, userId, UnitKind.TURN));
        return new UnitCounts(distinctEpisodes(client, calls, settings, project, userId, units), turns, units);
    }

    /**
     * Sent through the client's gRPC stub rather than its count shortcut, which leaves out Qdrant's own
     * server-side timeout that every other request of the store carries.
     */
    private static long count(
            QdrantClient client, QdrantCalls calls, QdrantSettings settings, String operation, Filter filter) {
        CountPoints request = CountPoints.newBuilder()
                .setCollectionName(settings.collection())
                .setFilter(filter)
                .setExact(true)
                .setTimeout(settings.timeoutSeconds())
                .build();
        CountResponse response = calls.call(
                operation,
                timeout -> client.grpcClient()
                        .points()
                        .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        .count(request));
        return response.getResult().getCount();
    }

    /**
     * A facet answers one hit per distinct value, at most its limit. A user cannot have more episodes than
     * units, so a limit of the unit count leaves none out.
     */
    private static long distinctEpisodes(
            QdrantClient client,
            QdrantCalls calls,
            QdrantSettings settings,
            String project,
            String userId,
            long units) {
        FacetCounts request = FacetCounts.newBuilder()
                .setCollectionName(settings.collection())
                .setKey(QdrantPoints.EPISODE_ID)
                .setFilter(QdrantFilters.units(project, userId))
                .setExact(true)
                .setLimit(units)
                .setTimeout(settings.timeoutSeconds())
                .build();
        return calls.call("count episodes", timeout -> client.facetAsync(request, timeout))
                .size();
    }
}
