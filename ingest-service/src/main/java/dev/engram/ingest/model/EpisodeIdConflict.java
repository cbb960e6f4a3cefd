package dev.engram.ingest.model;

import java.util.List;

/**
 * Episodes sent under ids the user already has for something else. Re-sending an episode is safe and reported
 * as a duplicate; a different episode under a taken id would either be dropped silently or overwrite what was
 * stored, so the whole request is refused and nothing of it is stored.
 */
public class EpisodeIdConflict extends RuntimeException {

    private final List<String> ids;

    private EpisodeIdConflict(List<String> ids, String what) {
        super("episodes: " + (ids.size() == 1 ? "id " + ids.get(0) + " is" : "ids " + String.join(", ", ids) + " are")
                + " " + what + "; send each episode under an id of its own, or delete the stored one first");
        this.ids = List.copyOf(ids);
    }

    /** Ids the user already has for episodes different from the ones sent. */
    public static EpisodeIdConflict taken(List<String> ids) {
        return new EpisodeIdConflict(ids, "already taken by a different episode of the user");
    }

    /** Ids one request gives to two different episodes. */
    public static EpisodeIdConflict repeated(List<String> ids) {
        return new EpisodeIdConflict(ids, "given to two different episodes in this request");
    }

    public List<String> ids() {
        return ids;
    }
}
