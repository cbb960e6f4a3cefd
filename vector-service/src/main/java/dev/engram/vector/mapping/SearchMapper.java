package dev.engram.vector.mapping;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Maps a Search request to a filter, and hits back. */
public final class SearchMapper {

    private SearchMapper() {}

    public static UnitFilter filter(VectorSearchRequest request) {
        Scope scope = request.getScope();
        SearchFilter filter = request.getFilter();
        Instant from = filter.getTimeRange().hasFrom()
                ? Timestamps.toInstant(filter.getTimeRange().getFrom())
                : null;
        Instant to = filter.getTimeRange().hasTo()
                ? Timestamps.toInstant(filter.getTimeRange().getTo())
                : null;
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
