package dev.engram.bench.importing;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * One message of a conversation as Engram stores it: an episode of a user's session.
 *
 * @param id the episode id: stable for the same message, so that importing a file again stores nothing twice
 * @param speaker who said it (a name, or a role when the source has no names); may be null
 * @param producedFor whom it was said to; may be null
 * @param role {@code user}, {@code assistant}, …; may be null
 * @param timestamp when it was said; null for the time of arrival
 */
public record ChatMessage(
        String userId,
        String sessionId,
        String id,
        String speaker,
        String producedFor,
        String role,
        String content,
        OffsetDateTime timestamp,
        Map<String, String> metadata) {

    public ChatMessage {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** Whether the two go in one add request: the same user and session. */
    boolean sameSession(ChatMessage other) {
        return userId.equals(other.userId) && sessionId.equals(other.sessionId);
    }
}
