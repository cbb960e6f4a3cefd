package dev.engram.vector.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The hard boundary of a search: only units matching every set condition can be returned.
 *
 * @param agentId empty for any agent
 * @param sessionId empty for any session
 * @param sessionIds empty for any session, otherwise any of them
 * @param from inclusive lower bound of the timestamp, null when open
 * @param to inclusive upper bound of the timestamp, null when open
 * @param producers empty for any producer, otherwise any of them
 * @param metadata every entry must be present with exactly this value
 */
public record UnitFilter(
        String project,
        String userId,
        String agentId,
        String sessionId,
        Set<String> sessionIds,
        Instant from,
        Instant to,
        Set<String> producers,
        Map<String, String> metadata) {

    public UnitFilter {
        sessionIds = Set.copyOf(sessionIds);
        producers = Set.copyOf(producers);
        metadata = Map.copyOf(metadata);
    }

    /** Whether the filter narrows the search below everything of its user. */
    public boolean narrows() {
        return !agentId.isEmpty()
                || !sessionId.isEmpty()
                || !sessionIds.isEmpty()
                || from != null
                || to != null
                || !producers.isEmpty()
                || !metadata.isEmpty();
    }

    /** Everything of one user in one project. */
    public static UnitFilter forUser(String project, String userId) {
        return new UnitFilter(project, userId, "", "", Set.of(), null, null, Set.of(), Map.of());
    }

    /** Everything of one session of one user in one project. */
    public static UnitFilter forSession(String project, String userId, String sessionId) {
        return new UnitFilter(project, userId, "", sessionId, Set.of(), null, null, Set.of(), Map.of());
    }
}
