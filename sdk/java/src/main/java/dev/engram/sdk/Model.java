package dev.engram.sdk;

import java.util.List;
import java.util.Map;

/** The requests and answers of the gateway API (docs/api.md), named as the API names them in snake_case. */
public final class Model {

    private Model() {}

    /** One message to store; only {@code content} is required. */
    public record EpisodeInput(
            String id,
            String producer,
            String producedFor,
            String role,
            String content,
            String timestamp,
            Map<String, String> metadata) {

        public static EpisodeInput of(String id, String producer, String content) {
            return new EpisodeInput(id, producer, null, null, content, null, null);
        }
    }

    public record EpisodeOutcome(String id, String status) {}

    /** @param pending only after a wait for indexing ran out: the episodes not searchable yet */
    public record AddResult(List<EpisodeOutcome> episodes, List<String> pending) {}

    public record Episode(
            String id,
            String sessionId,
            String agentId,
            String producer,
            String producedFor,
            String role,
            String content,
            String timestamp,
            Map<String, String> metadata,
            int revision,
            String updatedAt) {}

    /**
     * What to correct in a stored episode: a null field is kept, an empty speaker field cleared, metadata replaced
     * whole.
     */
    public record EpisodeChange(
            String content,
            String producer,
            String producedFor,
            String role,
            String timestamp,
            Map<String, String> metadata) {

        public static EpisodeChange content(String content) {
            return new EpisodeChange(content, null, null, null, null, null);
        }
    }

    /** {@code status} is {@code updated} or {@code unchanged}; {@code pending} only after a wait that ran out. */
    public record UpdateResult(String status, Episode episode, List<String> pending) {}

    public record EpisodeCluster(String nucleusId, Double relevance, List<Episode> episodes) {}

    public record ShortTerm(String sessionId, String summary, List<Episode> episodes, Long summarizedEpisodes) {}

    public record ProfileEntry(
            String id, String subject, String tag, String feature, String value, String validFrom, String validTo) {}

    /** @param context prompt-ready text of what was found; empty when nothing relevant was */
    public record SearchResult(
            List<EpisodeCluster> episodic,
            ShortTerm shortTerm,
            List<ProfileEntry> profile,
            String context,
            Map<String, Object> trace) {}

    public record MemoryStatus(String userId, long stored, long indexed, long pending) {}

    public record EpisodePage(List<Episode> episodes, String nextCursor) {}

    /** Who a key is: its project (null for the bootstrap key), id (null without authentication) and scopes. */
    public record Caller(String project, String keyId, List<String> scopes, boolean authentication) {}

    public record UserSummary(
            String userId, long stored, long indexed, long pending, long sessions, String lastEpisodeAt) {}

    public record UserPage(List<UserSummary> users, String nextCursor) {}

    public record SessionSummary(String sessionId, long episodes, String firstEpisodeAt, String lastEpisodeAt) {}

    public record SessionPage(List<SessionSummary> sessions, String nextCursor) {}

    public record Deletion(String id, String status, long deletedEpisodes, List<String> pendingStores) {}

    public record Profile(String userId, List<ProfileEntry> entries) {}
}
