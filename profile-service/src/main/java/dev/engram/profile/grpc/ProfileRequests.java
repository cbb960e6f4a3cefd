package dev.engram.profile.grpc;

import dev.engram.grpc.Violations;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.Scope;

/** Checks requests before anything is read or written; field names follow the proto. */
final class ProfileRequests {

    static final int MAX_OBSERVED = 1000;
    static final int MAX_FORGOTTEN = 10_000;
    static final int MAX_LIMIT = 1000;
    static final int MAX_QUERY = 4096;
    static final int MAX_LABEL = 200;
    static final int MAX_VALUE = 1000;
    static final int MAX_EVIDENCE = 100;

    private ProfileRequests() {}

    static void check(ObserveRequest request) {
        Violations violations = new Violations();
        if (request.getEpisodesCount() > MAX_OBSERVED) {
            violations.add("episodes", "at most " + MAX_OBSERVED + " episodes per request");
        }
        for (int i = 0; i < request.getEpisodesCount(); i++) {
            Episode episode = request.getEpisodes(i);
            String field = "episodes[" + i + "].";
            violations.requireId(field + "id", episode.getId());
            userScope(violations, field + "scope.", episode.getScope());
            violations.storable(field + "content", episode.getContent());
            violations.boundedText(field + "producer", episode.getProducer(), MAX_LABEL);
            violations.boundedText(field + "produced_for", episode.getProducedFor(), MAX_LABEL);
            if (episode.hasTimestamp()) {
                violations.validTimestamp(field + "timestamp", episode.getTimestamp());
            }
        }
        violations.throwIfAny();
    }

    static void check(GetProfileRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        violations.boundedText("query", request.getQuery(), MAX_QUERY);
        violations.boundedText("subject", request.getSubject(), MAX_LABEL);
        violations.range("limit", request.getLimit(), 0, MAX_LIMIT);
        if (request.hasAt()) {
            violations.validTimestamp("at", request.getAt());
        }
        violations.throwIfAny();
    }

    static void check(GetHistoryRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        violations.boundedText("subject", request.getSubject(), MAX_LABEL);
        violations.boundedText("tag", request.getTag(), MAX_LABEL);
        violations.boundedText("feature", request.getFeature(), MAX_LABEL);
        violations.throwIfAny();
    }

    static void check(PutEntryRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        ProfileEntry entry = request.getEntry();
        violations.uuid("entry.id", entry.getId());
        label(violations, "entry.subject", entry.getSubject(), true);
        label(violations, "entry.category", entry.getCategory(), false);
        label(violations, "entry.tag", entry.getTag(), true);
        label(violations, "entry.feature", entry.getFeature(), true);
        violations.requireText("entry.value", entry.getValue());
        violations.boundedText("entry.value", entry.getValue(), MAX_VALUE);
        if (entry.hasValidFrom()) {
            violations.validTimestamp("entry.valid_from", entry.getValidFrom());
        }
        if (entry.hasValidTo()) {
            violations.add("entry.valid_to", "is set by the service when a newer version replaces the entry");
        }
        if (entry.getEvidenceCount() > MAX_EVIDENCE) {
            violations.add("entry.evidence", "at most " + MAX_EVIDENCE + " episode ids");
        }
        for (int i = 0; i < entry.getEvidenceCount(); i++) {
            violations.requireId("entry.evidence[" + i + "]", entry.getEvidence(i));
        }
        violations.range("entry.confidence", entry.getConfidence(), 0, 1);
        violations.throwIfAny();
    }

    static void check(DeleteEntryRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        violations.uuid("entry_id", request.getEntryId());
        violations.throwIfAny();
    }

    static void check(ForgetEpisodesRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        if (request.getEpisodeIdsCount() > MAX_FORGOTTEN) {
            violations.add("episode_ids", "at most " + MAX_FORGOTTEN + " ids per request");
        }
        for (int i = 0; i < request.getEpisodeIdsCount(); i++) {
            violations.requireId("episode_ids[" + i + "]", request.getEpisodeIds(i));
        }
        violations.throwIfAny();
    }

    static void check(ForgetUserRequest request) {
        Violations violations = new Violations();
        userScope(violations, "scope.", request.getScope());
        violations.throwIfAny();
    }

    private static void userScope(Violations violations, String prefix, Scope scope) {
        violations.requireId(prefix + "project", scope.getProject());
        violations.requireId(prefix + "user_id", scope.getUserId());
    }

    private static void label(Violations violations, String field, String value, boolean required) {
        if (required) {
            violations.requireText(field, value);
        }
        violations.boundedText(field, value, MAX_LABEL);
    }
}
