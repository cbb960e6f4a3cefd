package dev.engram.vector.mapping;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.vector.grpc.InvalidFieldException;
import dev.engram.vector.model.SourceEpisode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Validates the episodes of an Index request and maps them to the index's view of an episode. */
public final class EpisodeMapper {

    private EpisodeMapper() {}

    public static List<SourceEpisode> episodes(IndexRequest request) {
        List<SourceEpisode> episodes = new ArrayList<>(request.getEpisodesCount());
        for (int i = 0; i < request.getEpisodesCount(); i++) {
            episodes.add(episode(request.getEpisodes(i), "episodes[" + i + "]."));
        }
        return episodes;
    }

    private static SourceEpisode episode(Episode episode, String path) {
        requireText(episode.getId(), path + "id");
        requireText(episode.getScope().getProject(), path + "scope.project");
        requireText(episode.getScope().getUserId(), path + "scope.user_id");
        requireText(episode.getContent(), path + "content");
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
                episode.getMetadataMap());
    }

    public static void requireText(String value, String field) {
        if (value.isBlank()) {
            throw new InvalidFieldException(field, "is required");
        }
    }
}
