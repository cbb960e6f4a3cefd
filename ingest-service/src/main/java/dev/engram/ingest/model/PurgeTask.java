package dev.engram.ingest.model;

import java.util.List;
import java.util.UUID;

/**
 * One derived store to purge for one deletion. {@code sessionId} is set when the deletion was of a
 * session; {@code episodeIds} holds the removed episodes, except for a whole user.
 */
public record PurgeTask(
        UUID deletionId,
        OutboxTarget store,
        String project,
        String userId,
        PurgeBy by,
        String sessionId,
        List<String> episodeIds) {

    public PurgeTask {
        episodeIds = List.copyOf(episodeIds);
    }

    /**
     * Whether the store is asked to drop the listed episodes rather than a whole scope. Only
     * vector-service can drop a session by scope; profile-service is given a session's episode ids.
     */
    public boolean byIds() {
        return by == PurgeBy.EPISODES || (by == PurgeBy.SESSION && store == OutboxTarget.PROFILE);
    }
}
