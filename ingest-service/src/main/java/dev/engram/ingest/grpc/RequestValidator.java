package dev.engram.ingest.grpc;

import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;

/** Checks requests before anything is read or written; field names follow the proto. */
final class RequestValidator {

    static final int MAX_NEIGHBOURS = 50;
    // The retrieval pipeline asks for ~100 nuclei per search; far more is a caller bug.
    static final int MAX_CONTEXT_IDS = 1000;

    private RequestValidator() {}

    static void check(AddEpisodesRequest request) {
        Violations violations = new Violations();
        sessionScope(violations, request.getScope());
        if (request.getEpisodesCount() == 0) {
            violations.add("episodes", "at least one episode is required");
        }
        for (int i = 0; i < request.getEpisodesCount(); i++) {
            NewEpisode episode = request.getEpisodes(i);
            String field = "episodes[" + i + "].";
            violations.optionalId(field + "id", episode.getId());
            violations.requireText(field + "content", episode.getContent());
            if (episode.hasTimestamp()) {
                violations.validTimestamp(field + "timestamp", episode.getTimestamp());
            }
        }
        violations.throwIfAny();
    }

    static void check(GetContextRequest request) {
        Violations violations = new Violations();
        userScope(violations, request.getScope());
        violations.range("before", request.getBefore(), 0, MAX_NEIGHBOURS);
        violations.range("after", request.getAfter(), 0, MAX_NEIGHBOURS);
        if (request.getEpisodeIdsCount() > MAX_CONTEXT_IDS) {
            violations.add("episode_ids", "at most " + MAX_CONTEXT_IDS + " ids per request");
        }
        for (int i = 0; i < request.getEpisodeIdsCount(); i++) {
            violations.requireId("episode_ids[" + i + "]", request.getEpisodeIds(i));
        }
        violations.throwIfAny();
    }

    static void check(GetStatusRequest request) {
        Violations violations = new Violations();
        userScope(violations, request.getScope());
        violations.throwIfAny();
    }

    private static void userScope(Violations violations, Scope scope) {
        violations.requireId("scope.project", scope.getProject());
        violations.requireId("scope.user_id", scope.getUserId());
    }

    private static void sessionScope(Violations violations, Scope scope) {
        userScope(violations, scope);
        violations.optionalId("scope.agent_id", scope.getAgentId());
        violations.requireSessionId("scope.session_id", scope.getSessionId());
    }
}
