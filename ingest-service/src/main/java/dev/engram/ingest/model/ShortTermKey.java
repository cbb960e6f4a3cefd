package dev.engram.ingest.model;

/**
 * Whose short-term memory: a session of a user, either whole ({@code agentKey} empty) or narrowed to
 * the episodes of one agent ({@code agentKey} = that agent's id).
 */
public record ShortTermKey(String project, String userId, String sessionId, String agentKey) {

    public ShortTermKey {
        agentKey = agentKey == null ? "" : agentKey;
    }

    /** The key of the whole session this one belongs to. */
    public ShortTermKey wholeSession() {
        return new ShortTermKey(project, userId, sessionId, "");
    }
}
