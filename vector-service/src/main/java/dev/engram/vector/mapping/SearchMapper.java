package dev.engram.vector.mapping;

import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.ReconstructSearchResponse;
import dev.engram.proto.v1.ReconstructStep;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.vector.graph.GraphRecall;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.reconstruct.ReconstructRecall;
import dev.engram.vector.segtree.SegTreeRecall;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Maps a Search request to a filter, and hits back. */
public final class SearchMapper {

    private SearchMapper() {}

    public static UnitFilter filter(VectorSearchRequest request) {
        return filter(request.getScope(), request.getFilter());
    }

    public static UnitFilter filter(Scope scope, SearchFilter filter) {
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
        return VectorSearchResponse.newBuilder()
                .addAllHits(hits.stream().map(SearchMapper::hit).toList())
                .build();
    }

    public static SegTreeSearchResponse response(SegTreeRecall recall) {
        return SegTreeSearchResponse.newBuilder()
                .addAllRanked(recall.ranked().stream().map(SearchMapper::hit).toList())
                .setEpisodes(recall.episodes())
                .setTrees(recall.trees())
                .setNodes(recall.nodes())
                .setSteps(recall.steps())
                .setSummaries(recall.summaries())
                .putAllStageUs(recall.stageMicros())
                .build();
    }

    public static GraphSearchResponse response(GraphRecall recall) {
        return GraphSearchResponse.newBuilder()
                .addAllPrimary(recall.primary().stream().map(SearchMapper::hit).toList())
                .addAllWalked(recall.walked().stream().map(SearchMapper::hit).toList())
                .setFacts(recall.facts())
                .setSeeds(recall.seeds())
                .setEventFacts(recall.eventFacts())
                .setTouched(recall.touched())
                .putAllStageUs(recall.stageMicros())
                .build();
    }

    public static ReconstructSearchResponse response(ReconstructRecall recall) {
        return ReconstructSearchResponse.newBuilder()
                .addAllRanked(recall.ranked().stream().map(SearchMapper::hit).toList())
                .setFacts(recall.facts())
                .setCues(recall.cues())
                .setTags(recall.tags())
                .addAllSteps(recall.steps().stream()
                        .map(step -> ReconstructStep.newBuilder()
                                .setAction(step.action())
                                .addAllCues(step.cues())
                                .addAllTags(step.tags())
                                .addAllOpened(step.opened())
                                .build())
                        .toList())
                .setIndexSearches(recall.indexSearches())
                .setStopped(recall.stopped())
                .putAllStageUs(recall.stageMicros())
                .setNavigator("heuristic")
                .build();
    }

    static VectorHit hit(UnitHit hit) {
        VectorHit.Builder vectorHit = VectorHit.newBuilder()
                .setEpisodeId(hit.episodeId())
                .setSessionId(hit.sessionId())
                .setUnitId(hit.unitId())
                .setText(hit.text())
                .setScore((float) hit.score());
        if (hit.timestamp() != null) {
            vectorHit.setTimestamp(Timestamps.of(hit.timestamp()));
        }
        return vectorHit.build();
    }
}
