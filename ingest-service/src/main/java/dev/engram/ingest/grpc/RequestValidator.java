package dev.engram.ingest.grpc;

import dev.engram.grpc.Violations;
import dev.engram.ingest.mapping.ListCursor;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.Scope;
import java.util.Map;

/** Checks requests before anything is read or written; field names follow the proto. */
final class RequestValidator {

    static final int MAX_NEIGHBOURS = 50;
    // The retrieval pipeline asks for ~100 nuclei per search; far more is a caller bug.
    static final int MAX_CONTEXT_IDS = 1000;
    static final int MAX_LABEL_CHARS = 256;
    static final int MAX_METADATA_ENTRIES = 64;
    static final int MAX_METADATA_KEY_CHARS = 128;
    static final int MAX_METADATA_VALUE_CHARS = 2048;
    static final int MAX_LIST_LIMIT = 1000;

    private RequestValidator() {}

    static void check(AddEpisodesRequest request, int maxContentBytes) {
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
            // The parsed message holds the content as UTF-8 already: its size costs nothing.
            violations.maxBytes(field + "content", episode.getContentBytes().size(), maxContentBytes);
            violations.storable(field + "content", episode.getContent());
            violations.boundedText(field + "producer", episode.getProducer(), MAX_LABEL_CHARS);
            violations.boundedText(field + "produced_for", episode.getProducedFor(), MAX_LABEL_CHARS);
            violations.boundedText(field + "role", episode.getRole(), MAX_LABEL_CHARS);
            metadata(violations, field + "metadata", episode.getMetadataMap());
            if (episode.hasTimestamp()) {
                violations.validTimestamp(field + "timestamp", episode.getTimestamp());
            }
        }
        violations.throwIfAny();
    }

    static void check(GetContextRequest request) {
        Violations violations = new Violations();
        userScope(violations, request.getScope());
        violations.optionalId("scope.agent_id", request.getScope().getAgentId());
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

    static void check(GetShortTermRequest request) {
        Violations violations = new Violations();
        sessionScope(violations, request.getScope());
        violations.throwIfAny();
    }

    static void check(GetEpisodeRequest request) {
        Violations violations = new Violations();
        narrowingScope(violations, request.getScope());
        violations.requireId("episode_id", request.getEpisodeId());
        violations.throwIfAny();
    }

    static void check(ListEpisodesRequest request) {
        Violations violations = new Violations();
        narrowingScope(violations, request.getScope());
        if (!request.getCursor().isEmpty()
                && ListCursor.decode(request.getCursor()).isEmpty()) {
            violations.add("cursor", "is not a cursor from a previous response");
        }
        violations.range("limit", request.getLimit(), 1, MAX_LIST_LIMIT);
        violations.throwIfAny();
    }

    /**
     * Deletion does not narrow by agent: the stores drop episodes by id, session or user, and a
     * request naming an agent must not be read as "all of this user's episodes".
     */
    static void check(DeleteEpisodesRequest request) {
        Violations violations = new Violations();
        userScope(violations, request.getScope());
        optionalSessionId(violations, request.getScope().getSessionId());
        if (!request.getScope().getAgentId().isEmpty()) {
            violations.add("scope.agent_id", "deletion does not narrow by agent; leave it empty");
        }
        violations.optionalId("episode_id", request.getEpisodeId());
        violations.throwIfAny();
    }

    static void check(GetDeletionRequest request) {
        Violations violations = new Violations();
        violations.requireId("project", request.getProject());
        violations.uuid("deletion_id", request.getDeletionId());
        violations.throwIfAny();
    }

    /** An empty project means every project. */
    static void check(ReindexRequest request) {
        Violations violations = new Violations();
        violations.optionalId("project", request.getProject());
        violations.throwIfAny();
    }

    private static void metadata(Violations violations, String field, Map<String, String> metadata) {
        if (metadata.size() > MAX_METADATA_ENTRIES) {
            violations.add(field, "at most " + MAX_METADATA_ENTRIES + " entries");
        }
        for (Map.Entry<String, String> entry : metadata.entrySet()) {
            String key = entry.getKey();
            if (key.isEmpty() || key.codePointCount(0, key.length()) > MAX_METADATA_KEY_CHARS) {
                violations.add(field, "keys must be 1-" + MAX_METADATA_KEY_CHARS + " characters");
            } else {
                violations.storable(field, key);
            }
            violations.boundedText(field, entry.getValue(), MAX_METADATA_VALUE_CHARS);
        }
    }

    private static void userScope(Violations violations, Scope scope) {
        violations.requireId("scope.project", scope.getProject());
        violations.requireId("scope.user_id", scope.getUserId());
    }

    private static void narrowingScope(Violations violations, Scope scope) {
        userScope(violations, scope);
        violations.optionalId("scope.agent_id", scope.getAgentId());
        optionalSessionId(violations, scope.getSessionId());
    }

    private static void optionalSessionId(Violations violations, String sessionId) {
        if (!sessionId.isEmpty()) {
            violations.requireSessionId("scope.session_id", sessionId);
        }
    }

    private static void sessionScope(Violations violations, Scope scope) {
        userScope(violations, scope);
        violations.optionalId("scope.agent_id", scope.getAgentId());
        violations.requireSessionId("scope.session_id", scope.getSessionId());
    }
}
