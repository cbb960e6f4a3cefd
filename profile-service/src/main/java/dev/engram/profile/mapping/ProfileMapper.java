package dev.engram.profile.mapping;

import com.google.protobuf.Timestamp;
import dev.engram.profile.model.EntryEdit;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.proto.v1.Episode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/**
 * Between the gRPC contract and the model. Protobuf has no null strings: an empty optional field
 * is null in the model and empty on the wire.
 */
public final class ProfileMapper {

    private ProfileMapper() {}

    /** An episode to queue; {@code arrival} stands in for a missing timestamp. */
    public static ObservedEpisode toObserved(Episode episode, Instant arrival) {
        ObservedEpisode observed = new ObservedEpisode();
        observed.project = episode.getScope().getProject();
        observed.userId = episode.getScope().getUserId();
        observed.episodeId = episode.getId();
        observed.sessionId = nullIfEmpty(episode.getScope().getSessionId());
        observed.producer = nullIfEmpty(episode.getProducer());
        observed.producedFor = nullIfEmpty(episode.getProducedFor());
        observed.content = episode.getContent();
        observed.ts = episode.hasTimestamp() ? toInstant(episode.getTimestamp()) : arrival;
        observed.revision = episode.getRevision();
        return observed;
    }

    public static dev.engram.proto.v1.ProfileEntry toProto(ProfileEntry entry) {
        dev.engram.proto.v1.ProfileEntry.Builder proto = dev.engram.proto.v1.ProfileEntry.newBuilder()
                .setId(entry.id.toString())
                .setSubject(entry.subject)
                .setCategory(entry.category)
                .setTag(entry.tag)
                .setFeature(entry.feature)
                .setValue(entry.value)
                .setValidFrom(toTimestamp(entry.validFrom))
                .addAllEvidence(List.of(entry.evidence))
                .setSource(entry.source.code())
                .setConfidence(entry.confidence)
                .setRecordedAt(toTimestamp(entry.recordedAt));
        if (entry.validTo != null) {
            proto.setValidTo(toTimestamp(entry.validTo));
        }
        if (entry.retiredAt != null) {
            proto.setRetiredAt(toTimestamp(entry.retiredAt));
        }
        return proto.build();
    }

    /** A validated manual edit; category defaults to {@code defaultCategory}, valid_from to now, confidence to 1. */
    public static EntryEdit toEdit(dev.engram.proto.v1.ProfileEntry entry, String defaultCategory, Instant now) {
        return new EntryEdit(
                UUID.fromString(entry.getId()),
                entry.getSubject().strip(),
                entry.getCategory().isBlank()
                        ? defaultCategory
                        : entry.getCategory().strip(),
                entry.getTag().strip(),
                entry.getFeature().strip(),
                entry.getValue().strip(),
                entry.hasValidFrom() ? toInstant(entry.getValidFrom()) : now,
                entry.getEvidenceList(),
                entry.hasConfidence() ? entry.getConfidence() : 1f);
    }

    public static Instant toInstant(Timestamp timestamp) {
        // PostgreSQL keeps microseconds; truncating here makes what is compared what is stored.
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos())
                .truncatedTo(ChronoUnit.MICROS);
    }

    public static Timestamp toTimestamp(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }

    public static String nullIfEmpty(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
