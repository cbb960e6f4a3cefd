package dev.engram.gateway.mapping;

import static dev.engram.gateway.mapping.JsonValues.emptyToNull;
import static dev.engram.gateway.mapping.JsonValues.orEmpty;

import dev.engram.gateway.model.ProfileEntryInput;
import dev.engram.gateway.model.ProfileEntryView;
import dev.engram.gateway.model.ProfileView;
import dev.engram.gateway.model.PutProfileEntryResponse;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.PutEntryResponse;
import dev.engram.proto.v1.Scope;
import java.time.Instant;
import java.util.List;

/** Maps the profile endpoints, and the profile part of a search, to {@code ProfileService} and back. */
public final class ProfileMapping {

    private ProfileMapping() {}

    /** {@code at} null = the current profile; {@code limit} null = every entry. */
    public static GetProfileRequest toProto(String project, String userId, Instant at, String subject, Integer limit) {
        GetProfileRequest.Builder proto =
                GetProfileRequest.newBuilder().setScope(scope(project, userId)).setSubject(orEmpty(subject));
        if (limit != null) {
            proto.setLimit(limit);
        }
        if (at != null) {
            proto.setAt(Timestamps.toProto(at));
        }
        return proto.build();
    }

    /** The current entries that bear on the search's query, most relevant first. */
    public static GetProfileRequest forSearch(String project, SearchRequest search, int limit) {
        return GetProfileRequest.newBuilder()
                .setScope(scope(project, search.userId()))
                .setQuery(search.query())
                .setLimit(limit)
                .build();
    }

    public static GetHistoryRequest toProto(String project, String userId, String subject, String tag, String feature) {
        return GetHistoryRequest.newBuilder()
                .setScope(scope(project, userId))
                .setSubject(orEmpty(subject))
                .setTag(orEmpty(tag))
                .setFeature(orEmpty(feature))
                .build();
    }

    /** Left-out category, valid_from and confidence are filled in by profile-service. */
    public static PutEntryRequest toProto(String project, String userId, String entryId, ProfileEntryInput input) {
        ProfileEntry.Builder entry = ProfileEntry.newBuilder()
                .setId(orEmpty(entryId))
                .setSubject(orEmpty(input.subject()))
                .setCategory(orEmpty(input.category()))
                .setTag(orEmpty(input.tag()))
                .setFeature(orEmpty(input.feature()))
                .setValue(orEmpty(input.value()))
                .addAllEvidence(JsonValues.orEmpty(input.evidence()));
        Timestamps.toProto(input.validFrom()).ifPresent(entry::setValidFrom);
        if (input.confidence() != null) {
            entry.setConfidence(input.confidence().floatValue());
        }
        return PutEntryRequest.newBuilder()
                .setScope(scope(project, userId))
                .setEntry(entry)
                .build();
    }

    public static DeleteEntryRequest toDeleteProto(String project, String userId, String entryId) {
        return DeleteEntryRequest.newBuilder()
                .setScope(scope(project, userId))
                .setEntryId(orEmpty(entryId))
                .build();
    }

    public static ProfileView fromProto(String userId, List<ProfileEntry> entries) {
        return new ProfileView(userId, fromProto(entries));
    }

    public static List<ProfileEntryView> fromProto(List<ProfileEntry> entries) {
        return entries.stream().map(ProfileMapping::fromProto).toList();
    }

    public static PutProfileEntryResponse fromProto(PutEntryResponse response) {
        return new PutProfileEntryResponse(
                fromProto(response.getEntry()), response.getCreated(), emptyToNull(response.getReplaced()));
    }

    private static ProfileEntryView fromProto(ProfileEntry entry) {
        return new ProfileEntryView(
                entry.getId(),
                entry.getSubject(),
                entry.getCategory(),
                entry.getTag(),
                entry.getFeature(),
                entry.getValue(),
                entry.hasValidFrom() ? Timestamps.toIso(entry.getValidFrom()) : null,
                entry.hasValidTo() ? Timestamps.toIso(entry.getValidTo()) : null,
                entry.getEvidenceList(),
                entry.getSource(),
                entry.getConfidence(),
                entry.hasRecordedAt() ? Timestamps.toIso(entry.getRecordedAt()) : null,
                entry.hasRetiredAt() ? Timestamps.toIso(entry.getRetiredAt()) : null);
    }

    private static Scope scope(String project, String userId) {
        return Scope.newBuilder().setProject(project).setUserId(orEmpty(userId)).build();
    }
}
