package dev.engram.gateway.validation;

import dev.engram.gateway.mapping.ProfileMapping;
import dev.engram.gateway.model.ProfileEntryInput;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.PutEntryRequest;
import java.time.Instant;

/**
 * Checks the requests of the profile endpoints in full before profile-service sees them: what only JSON and
 * URLs can get wrong here, the rules of the proto requests they become there.
 */
public final class ProfileValidator {

    private ProfileValidator() {}

    /** {@code at} absent = the current profile; {@code limit} absent = every entry. */
    public static GetProfileRequest read(String project, String userId, String at, String subject, String limit) {
        FieldErrors errors = new FieldErrors();
        Instant pointInTime = errors.pointInTime("at", at).orElse(null);
        Integer count = errors.integer(
                        "limit", limit, GetProfileRequest.getDescriptor().findFieldByName("limit"))
                .orElse(null);
        GetProfileRequest proto = ProfileMapping.toProto(project, userId, pointInTime, subject, count);
        errors.contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static GetHistoryRequest history(String project, String userId, String subject, String tag, String feature) {
        GetHistoryRequest proto = ProfileMapping.toProto(project, userId, subject, tag, feature);
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }

    public static PutEntryRequest put(String project, String userId, String entryId, ProfileEntryInput entry) {
        FieldErrors errors = FieldErrors.forBody(entry);
        errors.givenNotEmpty("category", entry.category());
        errors.timestamp("valid_from", entry.validFrom());
        errors.noNulls("evidence", entry.evidence());
        PutEntryRequest proto = ProfileMapping.toProto(project, userId, entryId, entry);
        errors.contract(proto, JsonPaths.PROFILE_ENTRY);
        return proto;
    }

    public static DeleteEntryRequest delete(String project, String userId, String entryId) {
        DeleteEntryRequest proto = ProfileMapping.toDeleteProto(project, userId, entryId);
        new FieldErrors().contract(proto, JsonPaths.SCOPED);
        return proto;
    }
}
