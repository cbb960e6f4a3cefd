package dev.engram.ingest.mapping;

import com.google.protobuf.Timestamp;
import dev.engram.ingest.model.EpisodeChange;
import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import java.time.Instant;

/**
 * Between the gRPC contract and the model. Protobuf has no null strings: an empty optional field
 * is stored as null and read back as empty.
 */
public final class EpisodeMapper {

    private EpisodeMapper() {}

    public static EpisodeScope toScope(Scope scope) {
        return new EpisodeScope(
                scope.getProject(), scope.getUserId(), nullIfEmpty(scope.getAgentId()), scope.getSessionId());
    }

    /** A scope that narrows a read: an empty session or agent id narrows nothing (null). */
    public static EpisodeScope toNarrowing(Scope scope) {
        return new EpisodeScope(
                scope.getProject(),
                scope.getUserId(),
                nullIfEmpty(scope.getAgentId()),
                nullIfEmpty(scope.getSessionId()));
    }

    /** Unset fields stay null (kept); a set speaker field may be empty (cleared). */
    public static EpisodeChange toChange(dev.engram.proto.v1.EpisodeChange change) {
        return new EpisodeChange(
                change.hasProducer() ? change.getProducer() : null,
                change.hasProducedFor() ? change.getProducedFor() : null,
                change.hasRole() ? change.getRole() : null,
                change.hasContent() ? change.getContent() : null,
                change.hasTimestamp() ? toInstant(change.getTimestamp()) : null,
                change.hasMetadata() ? change.getMetadata().getEntriesMap() : null);
    }

    public static EpisodeDraft toDraft(NewEpisode episode) {
        return new EpisodeDraft(
                nullIfEmpty(episode.getId()),
                nullIfEmpty(episode.getProducer()),
                nullIfEmpty(episode.getProducedFor()),
                nullIfEmpty(episode.getRole()),
                episode.getContent(),
                episode.hasTimestamp() ? toInstant(episode.getTimestamp()) : null,
                episode.getMetadataMap());
    }

    public static Episode toProto(StoredEpisode episode) {
        Episode.Builder proto = Episode.newBuilder()
                .setId(episode.episodeId)
                .setScope(Scope.newBuilder()
                        .setProject(episode.project)
                        .setUserId(episode.userId)
                        .setAgentId(emptyIfNull(episode.agentId))
                        .setSessionId(episode.sessionId))
                .setProducer(emptyIfNull(episode.producer))
                .setProducedFor(emptyIfNull(episode.producedFor))
                .setRole(emptyIfNull(episode.role))
                .setContent(episode.content)
                .setTimestamp(toTimestamp(episode.ts))
                .putAllMetadata(episode.metadata)
                .setSequence(episode.pk)
                .setRevision(episode.revision);
        if (episode.updatedAt != null) {
            proto.setUpdatedAt(toTimestamp(episode.updatedAt));
        }
        return proto.build();
    }

    public static Instant toInstant(Timestamp timestamp) {
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
    }

    public static Timestamp toTimestamp(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }

    static String nullIfEmpty(String value) {
        return value.isEmpty() ? null : value;
    }

    private static String emptyIfNull(String value) {
        return value == null ? "" : value;
    }
}
