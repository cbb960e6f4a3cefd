package dev.engram.ingest.grpc;

import dev.engram.grpc.Violations;
import dev.engram.ingest.mapping.KeyCursor;
import dev.engram.ingest.mapping.ListCursor;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import java.util.Optional;

/**
 * What only ingest-service can judge of a request; the rules its proto declares have been checked before a
 * request gets here. Field names follow the proto.
 */
final class RequestValidator {

    private RequestValidator() {}

    static void check(ListEpisodesRequest request) {
        if (!request.getCursor().isEmpty()
                && ListCursor.decode(request.getCursor()).isEmpty()) {
            Violations violations = new Violations();
            violations.add("cursor", "is not a cursor from a previous response");
            violations.throwIfAny();
        }
    }

    /** The key a listing's cursor names, "" for the first page; a cursor not handed out by that listing is refused. */
    static String after(String cursor, KeyCursor cursors) {
        if (cursor.isEmpty()) {
            return "";
        }
        Optional<String> after = cursors.decode(cursor);
        if (after.isEmpty()) {
            Violations violations = new Violations();
            violations.add("cursor", "is not a cursor from a previous response");
            violations.throwIfAny();
        }
        return after.orElseThrow();
    }

    /**
     * Deletion does not narrow by agent: the stores drop episodes by id, session or user, and a
     * request naming an agent must not be read as "all of this user's episodes".
     */
    static void check(DeleteEpisodesRequest request) {
        if (!request.getScope().getAgentId().isEmpty()) {
            Violations violations = new Violations();
            violations.add("scope.agent_id", "deletion does not narrow by agent; leave it empty");
            violations.throwIfAny();
        }
    }

    /**
     * Scope narrows nothing here (an episode is named by its id within its user), and a correction must leave an
     * episode something to say: content, when given, is not empty.
     */
    static void check(UpdateEpisodeRequest request) {
        Violations violations = new Violations();
        if (!request.getScope().getSessionId().isEmpty()) {
            violations.add("scope.session_id", "an episode keeps its session; leave it empty");
        }
        if (!request.getScope().getAgentId().isEmpty()) {
            violations.add("scope.agent_id", "an episode keeps its agent; leave it empty");
        }
        if (request.getChange().hasContent() && request.getChange().getContent().isBlank()) {
            violations.add("change.content", "must not be blank");
        }
        violations.throwIfAny();
    }
}
