package dev.engram.vector.store.qdrant;

import static io.qdrant.client.ConditionFactory.hasVector;
import static io.qdrant.client.ConditionFactory.matchKeyword;
import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.ConditionFactory.range;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitSelection;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.Range;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Qdrant filters, all of {@code must} conditions. Project and user lead every read filter: they are the
 * tenant-indexed fields, which Qdrant uses to go straight to the tenant's points.
 */
final class QdrantFilters {

    private QdrantFilters() {}

    /** Exactly the units the search filter allows; the filter of both retrievers. */
    static Filter of(UnitFilter filter) {
        Filter.Builder must = tenant(filter.project(), filter.userId());
        if (!filter.agentId().isEmpty()) {
            must.addMust(matchKeyword(QdrantPoints.AGENT_ID, filter.agentId()));
        }
        if (!filter.sessionId().isEmpty()) {
            must.addMust(matchKeyword(QdrantPoints.SESSION_ID, filter.sessionId()));
        }
        if (!filter.sessionIds().isEmpty()) {
            must.addMust(matchKeywords(QdrantPoints.SESSION_ID, sorted(filter.sessionIds())));
        }
        if (filter.from() != null || filter.to() != null) {
            // Both bounds inclusive and compared in whole microseconds, so no timestamp inside the range is
            // ever missed; only one within the same microsecond as a bound but outside it could slip in.
            Range.Builder range = Range.newBuilder();
            if (filter.from() != null) {
                range.setGte(QdrantPoints.micros(filter.from()));
            }
            if (filter.to() != null) {
                range.setLte(QdrantPoints.micros(filter.to()));
            }
            must.addMust(range(QdrantPoints.TIMESTAMP_MICROS, range.build()));
        }
        if (!filter.producers().isEmpty()) {
            must.addMust(matchKeywords(QdrantPoints.PRODUCER, sorted(filter.producers())));
        }
        for (Map.Entry<String, String> entry : new TreeMap<>(filter.metadata()).entrySet()) {
            must.addMust(
                    matchKeyword(QdrantPoints.METADATA, QdrantPoints.metadataEntry(entry.getKey(), entry.getValue())));
        }
        return must.build();
    }

    /** The embedded units of the given episodes of one user. */
    static Filter embeddedUnits(String project, String userId, Collection<String> episodeIds) {
        return tenant(project, userId)
                .addMust(matchKeywords(QdrantPoints.EPISODE_ID, List.copyOf(episodeIds)))
                .addMust(hasVector(QdrantSchema.DENSE))
                .build();
    }

    /** Exactly the units a deletion removes. */
    static Filter of(UnitSelection selection) {
        Filter.Builder must = tenant(selection.project(), selection.userId());
        if (!selection.episodeIds().isEmpty()) {
            must.addMust(matchKeywords(QdrantPoints.EPISODE_ID, sorted(selection.episodeIds())));
        } else if (!selection.sessionId().isEmpty()) {
            must.addMust(matchKeyword(QdrantPoints.SESSION_ID, selection.sessionId()));
        }
        return must.build();
    }

    /** Every unit of one user. */
    static Filter units(String project, String userId) {
        return tenant(project, userId).build();
    }

    /** The units of one kind of one user. */
    static Filter units(String project, String userId, UnitKind kind) {
        return tenant(project, userId)
                .addMust(matchKeyword(QdrantPoints.KIND, kind.name()))
                .build();
    }

    /** Every unit of the given episodes, named by {@link QdrantPoints#episodeKey}. */
    static Filter episodeKeys(Collection<String> episodeKeys) {
        return Filter.newBuilder()
                .addMust(matchKeywords(QdrantPoints.EPISODE_KEY, List.copyOf(episodeKeys)))
                .build();
    }

    private static Filter.Builder tenant(String project, String userId) {
        return Filter.newBuilder()
                .addMust(matchKeyword(QdrantPoints.PROJECT, project))
                .addMust(matchKeyword(QdrantPoints.USER_ID, userId));
    }

    private static List<String> sorted(Collection<String> values) {
        return values.stream().sorted().toList();
    }
}
