package dev.engram.gateway.mapping;

import dev.engram.gateway.model.SessionPage;
import dev.engram.gateway.model.SessionSummaryView;
import dev.engram.gateway.model.UserPage;
import dev.engram.gateway.model.UserSummaryView;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.Scope;

/** The listings of a project's users and a user's sessions, between the API and ingest-service. */
public final class DirectoryMapping {

    private DirectoryMapping() {}

    public static ListUsersRequest users(String project, String cursor, Integer limit) {
        ListUsersRequest.Builder request = ListUsersRequest.newBuilder().setProject(project);
        if (cursor != null) {
            request.setCursor(cursor);
        }
        if (limit != null) {
            request.setLimit(limit);
        }
        return request.build();
    }

    public static ListSessionsRequest sessions(
            String project, String userId, String agentId, String cursor, Integer limit) {
        Scope.Builder scope = Scope.newBuilder().setProject(project).setUserId(userId == null ? "" : userId);
        if (agentId != null) {
            scope.setAgentId(agentId);
        }
        ListSessionsRequest.Builder request = ListSessionsRequest.newBuilder().setScope(scope);
        if (cursor != null) {
            request.setCursor(cursor);
        }
        if (limit != null) {
            request.setLimit(limit);
        }
        return request.build();
    }

    public static UserPage fromProto(ListUsersResponse page) {
        return new UserPage(
                page.getUsersList().stream()
                        .map(user -> new UserSummaryView(
                                user.getUserId(),
                                user.getStored(),
                                user.getIndexed(),
                                user.getPending(),
                                user.getSessions(),
                                Timestamps.toIso(user.getLastEpisodeAt())))
                        .toList(),
                page.getNextCursor().isEmpty() ? null : page.getNextCursor());
    }

    public static SessionPage fromProto(ListSessionsResponse page) {
        return new SessionPage(
                page.getSessionsList().stream()
                        .map(session -> new SessionSummaryView(
                                session.getSessionId(),
                                session.getEpisodes(),
                                Timestamps.toIso(session.getFirstEpisodeAt()),
                                Timestamps.toIso(session.getLastEpisodeAt())))
                        .toList(),
                page.getNextCursor().isEmpty() ? null : page.getNextCursor());
    }
}
