package dev.engram.vector.mapping;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.vector.grpc.InvalidFieldException;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Validates a Search request, maps it to a filter, and maps hits back. */
public final class SearchMapper {

    public static final int MAX_LIMIT = 1000;

    private SearchMapper() {}

    public static UnitFilter filter(VectorSearchRequest request) {
        Scope scope = request.getScope();
        EpisodeMapper.requireText(scope.getProject(), "scope.project");
        EpisodeMapper.requireText(scope.getUserId(), "scope.user_id");
        SearchFilter filter = request.getFilter();
        Instant from = filter.getTimeRange().hasFrom()
                ? Timestamps.toInstant(filter.getTimeRange().getFrom())
                : null;
        Instant to = filter.getTimeRange().hasTo()
                ? Timestamps.toInstant(filter.getTimeRange().getTo())
                : null;
        if (from != null && to != null && from.isAfter(to)) {
            throw new InvalidFieldException("filter.time_range", "from is after to");
        }
        return new UnitFilter(
                scope.getProject(),
                scope.getUserId(),
                scope.getAgentId(),
                scope.getSessionId(),
                Set.copyOf(filter.getSessionIdsList()),
                from,
                to,
                Set.copyOf(filter.getProducersList()),
                filter.getMetadataMap());
    }

    public static String query(String query) {
        EpisodeMapper.requireText(query, "query");
        return query;
    }

    public static int limit(VectorSearchRequest request) {
        if (request.getLimit() < 1 || request.getLimit() > MAX_LIMIT) {
            throw new InvalidFieldException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        return request.getLimit();
    }

    public static VectorSearchResponse response(List<UnitHit> hits) {
        VectorSearchResponse.Builder response = VectorSearchResponse.newBuilder();
        for (UnitHit hit : hits) {
            VectorHit.Builder vectorHit = VectorHit.newBuilder()
                    .setEpisodeId(hit.episodeId())
                    .setSessionId(hit.sessionId())
                    .setUnitId(hit.unitId())
                    .setText(hit.text())
                    .setScore((float) hit.score());
            if (hit.timestamp() != null) {
                vectorHit.setTimestamp(Timestamps.of(hit.timestamp()));
            }
            response.addHits(vectorHit);
        }
        return response.build();
    }
}
