package dev.engram.ingest.mapping;

import dev.engram.ingest.model.DeletionRequest;
import dev.engram.ingest.model.DeletionStatus;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.DeletionState;

/** Deletions between the contract and the model; pending stores go by their names, "vector" and "profile". */
public final class DeletionMapper {

    private DeletionMapper() {}

    /** An episode id names one episode; else a session id names a session; else the whole user. */
    public static DeletionRequest toRequest(DeleteEpisodesRequest request) {
        return new DeletionRequest(
                request.getScope().getProject(),
                request.getScope().getUserId(),
                EpisodeMapper.nullIfEmpty(request.getScope().getSessionId()),
                EpisodeMapper.nullIfEmpty(request.getEpisodeId()));
    }

    public static Deletion toProto(DeletionStatus status) {
        return Deletion.newBuilder()
                .setId(status.id().toString())
                .setState(
                        status.complete()
                                ? DeletionState.DELETION_STATE_COMPLETE
                                : DeletionState.DELETION_STATE_PENDING)
                .setEpisodes(status.episodes())
                .addAllPendingStores(status.pendingStores().stream()
                        .map(OutboxTarget::column)
                        .toList())
                .build();
    }
}
