package dev.engram.ingest.mapping;

import dev.engram.ingest.model.AddOutcome;
import dev.engram.ingest.model.ContextWindow;
import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.model.EpisodePage;
import dev.engram.ingest.model.KeyedPage;
import dev.engram.ingest.model.SessionOverview;
import dev.engram.ingest.model.ShortTermView;
import dev.engram.ingest.model.UserOverview;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.AddStatus;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.EpisodeOutcome;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.SessionSummary;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.UserSummary;
import java.util.List;

/** Writes what the ingest service's reads and writes found in their wire form. */
public final class ResponseMapper {

    private ResponseMapper() {}

    public static ListEpisodesResponse toListResponse(EpisodePage page) {
        ListEpisodesResponse.Builder response = ListEpisodesResponse.newBuilder()
                .addAllEpisodes(
                        page.episodes().stream().map(EpisodeMapper::toProto).toList());
        if (page.next() != null) {
            response.setNextCursor(ListCursor.encode(page.next()));
        }
        return response.build();
    }

    public static ListUsersResponse toUsersResponse(KeyedPage<UserOverview> page) {
        ListUsersResponse.Builder response = ListUsersResponse.newBuilder();
        page.items()
                .forEach(user -> response.addUsers(UserSummary.newBuilder()
                        .setUserId(user.userId())
                        .setStored(user.stored())
                        .setIndexed(user.indexed())
                        .setPending(user.stored() - user.indexed())
                        .setSessions(user.sessions())
                        .setLastEpisodeAt(EpisodeMapper.toTimestamp(user.lastEpisodeAt()))));
        if (page.nextAfter() != null) {
            response.setNextCursor(Cursors.USERS.encode(page.nextAfter()));
        }
        return response.build();
    }

    public static ListSessionsResponse toSessionsResponse(KeyedPage<SessionOverview> page) {
        ListSessionsResponse.Builder response = ListSessionsResponse.newBuilder();
        page.items()
                .forEach(session -> response.addSessions(SessionSummary.newBuilder()
                        .setSessionId(session.sessionId())
                        .setEpisodes(session.episodes())
                        .setFirstEpisodeAt(EpisodeMapper.toTimestamp(session.firstEpisodeAt()))
                        .setLastEpisodeAt(EpisodeMapper.toTimestamp(session.lastEpisodeAt()))));
        if (page.nextAfter() != null) {
            response.setNextCursor(Cursors.SESSIONS.encode(page.nextAfter()));
        }
        return response.build();
    }

    public static AddEpisodesResponse toAddResponse(List<AddOutcome> outcomes) {
        AddEpisodesResponse.Builder response = AddEpisodesResponse.newBuilder();
        outcomes.forEach(outcome -> response.addOutcomes(EpisodeOutcome.newBuilder()
                .setId(outcome.episodeId())
                .setStatus(outcome.created() ? AddStatus.ADD_STATUS_CREATED : AddStatus.ADD_STATUS_DUPLICATE)));
        return response.build();
    }

    public static GetContextResponse toContextResponse(List<ContextWindow> windows) {
        GetContextResponse.Builder response = GetContextResponse.newBuilder();
        windows.forEach(window -> response.addContexts(EpisodeContext.newBuilder()
                .setEpisodeId(window.episodeId())
                .addAllEpisodes(
                        window.episodes().stream().map(EpisodeMapper::toProto).toList())));
        return response.build();
    }

    public static GetStatusResponse toStatusResponse(EpisodeCounts counts) {
        return GetStatusResponse.newBuilder()
                .setStored(counts.stored())
                .setIndexed(counts.indexed())
                .setPending(counts.pending())
                .build();
    }

    public static ShortTermMemory toShortTermMemory(String sessionId, ShortTermView view) {
        return ShortTermMemory.newBuilder()
                .setSessionId(sessionId)
                .setSummary(view.summary())
                .addAllEpisodes(
                        view.episodes().stream().map(EpisodeMapper::toProto).toList())
                .setSummarizedEpisodes(view.summarizedEpisodes())
                .build();
    }
}
