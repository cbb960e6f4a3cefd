package dev.engram.vector.model;

import java.time.Instant;
import java.util.Map;

/**
 * An episode as the index sees it: its identity, scope, searchable content and the attributes searches
 * filter on.
 *
 * @param agentId empty when the episode belongs to no agent
 * @param timestamp null when unknown; such an episode never matches a time range
 * @param producedFor whom the producer addressed; empty when unknown
 */
public record SourceEpisode(
        String project,
        String userId,
        String agentId,
        String sessionId,
        String episodeId,
        String producer,
        String content,
        Instant timestamp,
        Map<String, String> metadata,
        String producedFor) {

    public SourceEpisode {
        metadata = Map.copyOf(metadata);
    }

    /** An episode whose addressee is unknown. */
    public SourceEpisode(
            String project,
            String userId,
            String agentId,
            String sessionId,
            String episodeId,
            String producer,
            String content,
            Instant timestamp,
            Map<String, String> metadata) {
        this(project, userId, agentId, sessionId, episodeId, producer, content, timestamp, metadata, "");
    }
}
