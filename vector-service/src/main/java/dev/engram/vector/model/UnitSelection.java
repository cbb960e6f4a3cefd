package dev.engram.vector.model;

import java.util.Collection;
import java.util.Set;

/**
 * The units of one user that a deletion removes: the listed episodes, else one session, else all of them.
 *
 * @param sessionId empty for every session; ignored when episodes are listed
 * @param episodeIds empty for every episode of the session (or of the user)
 */
public record UnitSelection(String project, String userId, String sessionId, Set<String> episodeIds) {

    public UnitSelection {
        episodeIds = Set.copyOf(episodeIds);
        if (!episodeIds.isEmpty()) {
            // Listed episodes are the whole selection; a session beside them would silently spare some.
            sessionId = "";
        }
    }

    /**
     * The given episodes of the user. At least one: an empty list would widen the selection to every
     * unit of the user, never what a caller that names episodes means.
     */
    public static UnitSelection episodes(String project, String userId, Collection<String> episodeIds) {
        if (episodeIds.isEmpty()) {
            throw new IllegalArgumentException("name at least one episode, or select the session or the user");
        }
        return new UnitSelection(project, userId, "", Set.copyOf(episodeIds));
    }

    /** Every unit of one session of the user. */
    public static UnitSelection session(String project, String userId, String sessionId) {
        if (sessionId.isEmpty()) {
            throw new IllegalArgumentException("a session selection needs a session id");
        }
        return new UnitSelection(project, userId, sessionId, Set.of());
    }

    /** Every unit of the user. */
    public static UnitSelection user(String project, String userId) {
        return new UnitSelection(project, userId, "", Set.of());
    }
}
