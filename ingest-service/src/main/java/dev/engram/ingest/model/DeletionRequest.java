package dev.engram.ingest.model;

/**
 * What to delete of a user: one episode ({@code episodeId} set; {@code sessionId}, when set, must be
 * its session), a session ({@code sessionId} alone), or everything (neither). Absent values are null.
 */
public record DeletionRequest(String project, String userId, String sessionId, String episodeId) {

    public PurgeBy purgeBy() {
        if (episodeId != null) {
            return PurgeBy.EPISODES;
        }
        return sessionId != null ? PurgeBy.SESSION : PurgeBy.USER;
    }
}
