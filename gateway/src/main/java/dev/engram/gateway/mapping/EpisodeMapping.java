package dev.engram.gateway.mapping;

import dev.engram.gateway.model.DeletionView;
import dev.engram.gateway.model.EpisodePage;
import dev.engram.gateway.model.EpisodeView;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.DeletionState;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.Scope;

/** Reading and deleting stored episodes, between the API and ingest-service. */
public final class EpisodeMapping {

    private EpisodeMapping() {}

    public static GetEpisodeRequest get(String project, String userId, String episodeId) {
        return GetEpisodeRequest.newBuilder()
                .setScope(scope(project, userId, null, null))
                .setEpisodeId(JsonValues.orEmpty(episodeId))
                .build();
    }

    public static ListEpisodesRequest list(
            String project, String userId, String sessionId, String agentId, String cursor, Integer limit) {
        ListEpisodesRequest.Builder request =
                ListEpisodesRequest.newBuilder().setScope(scope(project, userId, sessionId, agentId));
        if (limit != null) {
            request.setLimit(limit);
        }
        if (cursor != null) {
            request.setCursor(cursor);
        }
        return request.build();
    }

    /** An episode ({@code episodeId}), a session ({@code sessionId}) or, with neither, the whole user. */
    public static DeleteEpisodesRequest delete(String project, String userId, String sessionId, String episodeId) {
        DeleteEpisodesRequest.Builder request =
                DeleteEpisodesRequest.newBuilder().setScope(scope(project, userId, sessionId, null));
        if (episodeId != null) {
            request.setEpisodeId(episodeId);
        }
        return request.build();
    }

    public static EpisodeView fromProto(Episode episode) {
        return EpisodeViews.fromProto(episode);
    }

    public static EpisodePage fromProto(ListEpisodesResponse page) {
        return new EpisodePage(
                page.getEpisodesList().stream().map(EpisodeViews::fromProto).toList(),
                page.getNextCursor().isEmpty() ? null : page.getNextCursor());
    }

    public static DeletionView fromProto(Deletion deletion) {
        String status = deletion.getState() == DeletionState.DELETION_STATE_COMPLETE
                ? DeletionView.COMPLETE
                : DeletionView.PENDING;
        return new DeletionView(deletion.getId(), status, deletion.getEpisodes(), deletion.getPendingStoresList());
    }

    private static Scope scope(String project, String userId, String sessionId, String agentId) {
        Scope.Builder scope = Scope.newBuilder().setProject(project).setUserId(JsonValues.orEmpty(userId));
        if (sessionId != null) {
            scope.setSessionId(sessionId);
        }
        if (agentId != null) {
            scope.setAgentId(agentId);
        }
        return scope.build();
    }
}
