package dev.engram.e2e.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the platform must hold after the accepted requests of a fuzz run, and nothing else: only a 2xx answer
 * changes the model, so any difference between the model and what the API shows was made by a refused request
 * (or an accepted one that did not do what it said).
 */
final class Model {

    /** An episode as it was added; {@code timestamp} as given, null when the time of arrival was meant. */
    record Episode(
            String id,
            String session,
            String agent,
            String producer,
            String producedFor,
            String role,
            String content,
            String timestamp,
            Map<String, String> metadata) {}

    /** One version of a profile entry as written by hand. */
    record Entry(
            String id, String subject, String tag, String feature, String value, String validFrom, boolean current) {}

    /** A cursor and the listing it continues. */
    record Cursor(String user, String session, String agent, String cursor) {}

    final List<String> memoryUsers;
    final List<String> profileUsers;
    final List<String> sessions;
    final String keysProject;

    private final Map<String, Map<String, Episode>> episodes = new LinkedHashMap<>();
    private final Map<String, Map<String, Entry>> profiles = new LinkedHashMap<>();
    private final Set<String> projects = new LinkedHashSet<>();
    private final Map<String, Boolean> keysRevoked = new LinkedHashMap<>();
    private final Set<String> revocableKeys = new LinkedHashSet<>();
    private final List<String> deletions = new ArrayList<>();
    private final List<Cursor> cursors = new ArrayList<>();

    Model(List<String> memoryUsers, List<String> profileUsers, List<String> sessions, String keysProject) {
        this.memoryUsers = List.copyOf(memoryUsers);
        this.profileUsers = List.copyOf(profileUsers);
        this.sessions = List.copyOf(sessions);
        this.keysProject = keysProject;
        // Profile users hold no episodes (extraction would add entries nobody wrote): the check sees that too.
        memoryUsers.forEach(user -> episodes.put(user, new LinkedHashMap<>()));
        profileUsers.forEach(user -> episodes.put(user, new LinkedHashMap<>()));
        profileUsers.forEach(user -> profiles.put(user, new LinkedHashMap<>()));
    }

    // ------------------------------------------------------------------------------------------------ memory

    /** Every user the fuzz run may have stored episodes for. */
    Set<String> episodeUsers() {
        return episodes.keySet();
    }

    Map<String, Episode> episodes(String user) {
        return episodes.getOrDefault(user, Map.of());
    }

    boolean hasEpisode(String user, String id) {
        return episodes(user).containsKey(id);
    }

    /** The ids of the user's episodes, oldest first; one of another user when the user has none. */
    List<String> episodeIds(String user) {
        return List.copyOf(episodes(user).keySet());
    }

    List<String> allEpisodeIds() {
        List<String> all = new ArrayList<>();
        episodes.values().forEach(stored -> all.addAll(stored.keySet()));
        return all;
    }

    void stored(String user, Episode episode) {
        episodes.computeIfAbsent(user, ignored -> new LinkedHashMap<>()).put(episode.id(), episode);
    }

    /**
     * Takes what the API lists for the user as the truth, after a write answered with a 5xx, which may or may not
     * have been carried out; the agent of an episode the model did not know stays unknown.
     */
    void adopt(String user, List<Episode> listed) {
        Map<String, Episode> known = episodes.computeIfAbsent(user, ignored -> new LinkedHashMap<>());
        Map<String, Episode> adopted = new LinkedHashMap<>();
        listed.forEach(episode -> {
            Episode before = known.get(episode.id());
            adopted.put(
                    episode.id(),
                    before == null
                            ? episode
                            : new Episode(
                                    episode.id(),
                                    episode.session(),
                                    before.agent(),
                                    episode.producer(),
                                    episode.producedFor(),
                                    episode.role(),
                                    episode.content(),
                                    episode.timestamp(),
                                    episode.metadata()));
        });
        known.clear();
        known.putAll(adopted);
    }

    int deleteEpisode(String user, String id) {
        return episodes(user).containsKey(id)
                ? removeWhere(user, episode -> episode.id().equals(id))
                : 0;
    }

    int deleteSession(String user, String session) {
        return removeWhere(user, episode -> episode.session().equals(session));
    }

    int deleteUser(String user) {
        int deleted = episodes(user).size();
        if (episodes.containsKey(user)) {
            episodes.get(user).clear();
        }
        if (profiles.containsKey(user)) {
            profiles.get(user).clear();
        }
        return deleted;
    }

    int sessionSize(String user, String session) {
        return (int) episodes(user).values().stream()
                .filter(episode -> episode.session().equals(session))
                .count();
    }

    private int removeWhere(String user, java.util.function.Predicate<Episode> which) {
        Map<String, Episode> stored = episodes.get(user);
        if (stored == null) {
            return 0;
        }
        int before = stored.size();
        stored.values().removeIf(which);
        return before - stored.size();
    }

    List<Cursor> cursors() {
        return cursors;
    }

    void cursor(Cursor cursor) {
        if (cursors.size() < 200) {
            cursors.add(cursor);
        }
    }

    List<String> deletions() {
        return deletions;
    }

    void deletion(String id) {
        deletions.add(id);
    }

    // ------------------------------------------------------------------------------------------------ profile

    Set<String> entryUsers() {
        return profiles.keySet();
    }

    Map<String, Entry> entries(String user) {
        return profiles.getOrDefault(user, Map.of());
    }

    List<String> entryIds(String user) {
        return List.copyOf(entries(user).keySet());
    }

    void entryWritten(String user, Entry entry, String replaced) {
        Map<String, Entry> entries = profiles.computeIfAbsent(user, ignored -> new LinkedHashMap<>());
        if (replaced != null && entries.containsKey(replaced)) {
            Entry old = entries.get(replaced);
            entries.put(
                    replaced,
                    new Entry(old.id(), old.subject(), old.tag(), old.feature(), old.value(), old.validFrom(), false));
        }
        entries.put(entry.id(), entry);
    }

    void entryDeleted(String user, String id) {
        entries(user).remove(id);
    }

    // ------------------------------------------------------------------------------------------------ admin

    Set<String> projects() {
        return projects;
    }

    void project(String id) {
        projects.add(id);
    }

    Map<String, Boolean> keys() {
        return keysRevoked;
    }

    /** A key of the keys project; {@code revocable} when the fuzz run itself does not use it. */
    void key(String id, boolean revocable) {
        keysRevoked.put(id, false);
        if (revocable) {
            revocableKeys.add(id);
        }
    }

    List<String> revocableKeys() {
        return List.copyOf(revocableKeys);
    }

    void revoked(String id) {
        keysRevoked.put(id, true);
    }
}
