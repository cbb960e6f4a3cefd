package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.emptyToNull;

import dev.engram.gateway.model.EpisodeView;
import dev.engram.proto.v1.Episode;

/** A stored episode as the API shows it, wherever it appears: search clusters or short-term memory. */
final class EpisodeViews {

    private EpisodeViews() {}

    static EpisodeView fromProto(Episode episode) {
        return new EpisodeView(
                episode.getId(),
                episode.getScope().getSessionId(),
                emptyToNull(episode.getProducer()),
                emptyToNull(episode.getProducedFor()),
                emptyToNull(episode.getRole()),
                episode.getContent(),
                episode.hasTimestamp() ? Timestamps.toIso(episode.getTimestamp()) : null,
                episode.getMetadataMap(),
                episode.getRevision(),
                episode.hasUpdatedAt() ? Timestamps.toIso(episode.getUpdatedAt()) : null);
    }
}
