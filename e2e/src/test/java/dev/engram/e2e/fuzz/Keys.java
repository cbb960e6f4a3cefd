package dev.engram.e2e.fuzz;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The API keys of a fuzz run, as Authorization header values. Valid requests take turns among several keys of
 * the fuzzed project, so that the per-key rate limit does not refuse them.
 *
 * @param project keys of the fuzzed project with every scope
 * @param readOnly a key of the fuzzed project with only the read scope
 * @param writeOnly a key of the fuzzed project with only the write scope
 * @param revoked a key of the fuzzed project that was revoked
 * @param bootstrap the bootstrap admin key
 * @param keysAdmin an admin key of the project whose keys are fuzzed
 * @param reindexAdmin an admin key of the empty project that is reindexed
 */
record Keys(
        List<String> project,
        String readOnly,
        String writeOnly,
        String revoked,
        String bootstrap,
        String keysAdmin,
        String reindexAdmin,
        AtomicInteger turn) {

    static String bearer(String key) {
        return "Bearer " + key;
    }

    /** A key that may make a request of this access. */
    String valid(Endpoint.Access access) {
        return switch (access) {
            case READ, WRITE -> project.get(Math.floorMod(turn.getAndIncrement(), project.size()));
            case SUPER_ADMIN -> bootstrap;
            case KEYS_ADMIN -> turn.getAndIncrement() % 2 == 0 ? bootstrap : keysAdmin;
            case REINDEX_ADMIN -> reindexAdmin;
        };
    }

    /** Valid keys that lack what this access needs: the answer must be 403. */
    List<String> insufficient(Endpoint.Access access) {
        return switch (access) {
            case READ -> List.of(writeOnly);
            case WRITE -> List.of(readOnly);
            case SUPER_ADMIN -> List.of(project.get(0), keysAdmin, reindexAdmin);
            case KEYS_ADMIN -> List.of(project.get(0), reindexAdmin, readOnly);
            case REINDEX_ADMIN -> List.of(readOnly, writeOnly);
        };
    }
}
