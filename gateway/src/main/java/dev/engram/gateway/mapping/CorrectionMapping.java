package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.orEmpty;

import dev.engram.gateway.model.UpdateEpisodeRequest;
import dev.engram.gateway.model.UpdateEpisodeResponse;
import dev.engram.proto.v1.EpisodeChange;
import dev.engram.proto.v1.EpisodeMetadata;
import dev.engram.proto.v1.Scope;

/** Maps {@code PATCH /v1/memories/episodes/{episode_id}} to {@code IngestService.UpdateEpisode} and back. */
public final class CorrectionMapping {

    private CorrectionMapping() {}

    /** A field the body leaves out stays unset in the change, which keeps its stored value. */
    public static dev.engram.proto.v1.UpdateEpisodeRequest toProto(
            String project, String userId, String episodeId, UpdateEpisodeRequest body) {
        EpisodeChange.Builder change = EpisodeChange.newBuilder();
        if (body.content() != null) {
            change.setContent(body.content());
        }
        if (body.producer() != null) {
            change.setProducer(body.producer());
        }
        if (body.producedFor() != null) {
            change.setProducedFor(body.producedFor());
        }
        if (body.role() != null) {
            change.setRole(body.role());
        }
        Timestamps.toProto(body.timestamp()).ifPresent(change::setTimestamp);
        if (body.metadata() != null) {
            change.setMetadata(EpisodeMetadata.newBuilder().putAllEntries(JsonValues.withoutNulls(body.metadata())));
        }
        return dev.engram.proto.v1.UpdateEpisodeRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(project).setUserId(orEmpty(userId)))
                .setEpisodeId(orEmpty(episodeId))
                .setChange(change)
                .build();
    }

    public static UpdateEpisodeResponse fromProto(dev.engram.proto.v1.UpdateEpisodeResponse response) {
        return new UpdateEpisodeResponse(
                response.getChanged() ? UpdateEpisodeResponse.UPDATED : UpdateEpisodeResponse.UNCHANGED,
                EpisodeViews.fromProto(response.getEpisode()),
                null);
    }
}
