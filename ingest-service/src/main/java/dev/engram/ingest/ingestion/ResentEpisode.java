package dev.engram.ingest.ingestion;

import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.StoredEpisode;
import java.util.Objects;

/**
 * Whether an episode sent under an id the user already has is the one stored: a retry after a lost answer must
 * stay a harmless duplicate, a different episode under a taken id must not be dropped silently. What the client
 * said has to be equal (session, agent, speaker fields, content, metadata); the time only when the client gave
 * one, since a retry without a timestamp arrives later than the first attempt did.
 */
final class ResentEpisode {

    private ResentEpisode() {}

    static boolean matches(EpisodeScope scope, EpisodeDraft resent, boolean timestampGiven, StoredEpisode stored) {
        return same(scope.sessionId(), stored.sessionId)
                && same(scope.agentId(), stored.agentId)
                && sameDraft(asDraft(stored), true, resent, timestampGiven);
    }

    /** The stored episode as a client would send it. */
    static EpisodeDraft asDraft(StoredEpisode stored) {
        return new EpisodeDraft(
                stored.episodeId,
                stored.producer,
                stored.producedFor,
                stored.role,
                stored.content,
                stored.ts,
                stored.metadata);
    }

    /** Two episodes of one request under one id: the later is a repeat of the earlier one. */
    static boolean sameDraft(
            EpisodeDraft earlier, boolean earlierTimestampGiven, EpisodeDraft later, boolean laterTimestampGiven) {
        return same(earlier.producer(), later.producer())
                && same(earlier.producedFor(), later.producedFor())
                && same(earlier.role(), later.role())
                && Objects.equals(earlier.content(), later.content())
                && earlier.metadata().equals(later.metadata())
                && (!(earlierTimestampGiven && laterTimestampGiven)
                        || earlier.timestamp().equals(later.timestamp()));
    }

    /** Absent and empty are the same answer to "who said it". */
    private static boolean same(String given, String stored) {
        return Objects.equals(emptyAsNull(given), emptyAsNull(stored));
    }

    private static String emptyAsNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
