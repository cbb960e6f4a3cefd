package dev.engram.vector.mapping;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.vector.model.SourceEpisode;
import java.time.Instant;
import java.util.List;

/** Maps the episodes of an Index request to the index's view of an episode. */
public final class EpisodeMapper {

    private EpisodeMapper() {}

    public static List<SourceEpisode> episodes(IndexRequest request) {
        return request.getEpisodesList().stream().map(EpisodeMapper::episode).toList();
    }

    private static SourceEpisode episode(Episode episode) {
        Instant timestamp = episode.hasTimestamp() ? Timestamps.toInstant(episode.getTimestamp()) : null;
        return new SourceEpisode(
                episode.getScope().getProject(),
                episode.getScope().getUserId(),
                episode.getScope().getAgentId(),
                episode.getScope().getSessionId(),
                episode.getId(),
                episode.getProducer(),
                episode.getContent(),
                timestamp,
                episode.getMetadataMap(),
                episode.getProducedFor());
    }
}
