package dev.engram.e2e.fuzz;

import static dev.engram.e2e.fuzz.Views.list;
import static dev.engram.e2e.fuzz.Views.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares what the API shows with the model: for every user the run may have stored for, the status counts,
 * the full episode listing (every field of every episode) and the profile history; the projects; the keys of the
 * keys project. A refused request that stored, changed or deleted anything shows up here.
 */
final class Audit {

    private final Wire wire;
    private final String readKey;
    private final String bootstrapKey;
    private final String keysProject;

    Audit(Wire wire, String readKey, String bootstrapKey, String keysProject) {
        this.wire = wire;
        this.readKey = readKey;
        this.bootstrapKey = bootstrapKey;
        this.keysProject = keysProject;
    }

    List<String> differences(Model model) {
        List<String> differences = new ArrayList<>();
        for (String user : model.episodeUsers()) {
            checked(differences, () -> episodes(user, model));
        }
        for (String user : model.entryUsers()) {
            checked(differences, () -> entries(user, model));
        }
        checked(differences, () -> admin(model));
        return differences;
    }

    private static void checked(List<String> differences, java.util.function.Supplier<List<String>> check) {
        try {
            differences.addAll(check.get());
        } catch (CheckFailed e) {
            differences.add(e.getMessage());
        }
    }

    private List<String> admin(Model model) {
        List<String> differences = new ArrayList<>();
        Set<String> projects = new HashSet<>();
        list(get(Request.of("GET", "/v1/admin/projects").withKey(bootstrapKey)))
                .forEach(project -> projects.add(text(project, "id")));
        if (!projects.equals(model.projects())) {
            differences.add("the projects are " + projects.size() + ", the model has "
                    + model.projects().size());
        }
        Map<String, Boolean> keys = new HashMap<>();
        list(get(Request.of("GET", "/v1/admin/projects/{project_id}/keys")
                        .pathParam("project_id", keysProject)
                        .withKey(bootstrapKey)))
                .forEach(key -> keys.put(text(key, "id"), text(key, "revoked_at") != null));
        if (!keys.equals(model.keys())) {
            differences.add("the keys of " + keysProject + " are " + keys + ", the model has " + model.keys());
        }
        return differences;
    }

    private List<String> episodes(String user, Model model) {
        List<String> differences = new ArrayList<>();
        Map<String, Model.Episode> expected = model.episodes(user);
        JsonNode status = get(Request.of("GET", "/v1/memories/status")
                .queryParam("user_id", user)
                .withKey(readKey));
        if (status.path("stored").asLong(-1) != expected.size()) {
            differences.add(user + " has " + status.path("stored") + " episodes stored, the model " + expected.size());
        }
        Map<String, JsonNode> listed = listing(user);
        if (!listed.keySet().equals(expected.keySet())) {
            Set<String> extra = new HashSet<>(listed.keySet());
            extra.removeAll(expected.keySet());
            Set<String> missing = new HashSet<>(expected.keySet());
            missing.removeAll(listed.keySet());
            differences.add(
                    user + " lists episodes never stored " + abbreviate(extra) + " and lacks " + abbreviate(missing));
        }
        expected.forEach((id, episode) -> {
            JsonNode view = listed.get(id);
            if (view != null) {
                List<String> changed = Views.differences(episode, view);
                if (!changed.isEmpty()) {
                    differences.add("episode " + id + " of " + user + " is listed with " + changed);
                }
            }
        });
        return differences;
    }

    /** Makes the model hold what the API lists for the user (see {@link Model#adopt}). */
    void adopt(String user, Model model) {
        try {
            model.adopt(
                    user, listing(user).values().stream().map(Audit::episode).toList());
        } catch (CheckFailed e) {
            // The model stays as it was; the next check reports what differs.
        }
    }

    private static Model.Episode episode(JsonNode view) {
        return new Model.Episode(
                text(view, "id"),
                text(view, "session_id"),
                null,
                text(view, "producer"),
                text(view, "produced_for"),
                text(view, "role"),
                text(view, "content"),
                text(view, "timestamp"),
                Views.map(view.get("metadata")));
    }

    private Map<String, JsonNode> listing(String user) {
        Map<String, JsonNode> listed = new HashMap<>();
        String cursor = null;
        do {
            JsonNode page = get(Request.of("GET", "/v1/memories/episodes")
                    .queryParam("user_id", user)
                    .queryParam("limit", Integer.toString(Contract.MAX_PAGE))
                    .queryParam("cursor", cursor)
                    .withKey(readKey));
            list(page.get("episodes")).forEach(view -> listed.put(text(view, "id"), view));
            cursor = text(page, "next_cursor");
        } while (cursor != null);
        return listed;
    }

    private List<String> entries(String user, Model model) {
        Map<String, Model.Entry> expected = model.entries(user);
        JsonNode history = get(Request.of("GET", "/v1/users/{user_id}/profile/history")
                .pathParam("user_id", user)
                .withKey(readKey));
        Map<String, String> shown = new HashMap<>();
        list(history.get("entries")).forEach(entry -> shown.put(text(entry, "id"), text(entry, "value")));
        Map<String, String> values = new HashMap<>();
        expected.forEach((id, entry) -> values.put(id, entry.value()));
        return shown.equals(values)
                ? List.of()
                : List.of("the profile history of " + user + " holds " + abbreviate(shown.keySet()) + ", the model "
                        + abbreviate(values.keySet()));
    }

    /** The answer to a check; a check that fails is a difference of its own, and its part is skipped. */
    private JsonNode get(Request request) {
        Answer answer = wire.send(request);
        // The checks share the rate of the key they read with: a 429 is asked again, not a difference.
        for (int retry = 0; answer.status() == 429 && retry < RATE_LIMIT_RETRIES; retry++) {
            pause();
            answer = wire.send(request);
        }
        if (answer.status() != 200) {
            throw new CheckFailed("the check " + request.describe() + " was answered " + answer.describe());
        }
        return answer.jsonOrFail();
    }

    private static final int RATE_LIMIT_RETRIES = 500;

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the rate limit passes", e);
        }
    }

    private static final class CheckFailed extends RuntimeException {

        CheckFailed(String message) {
            super(message);
        }
    }

    private static String abbreviate(Set<String> ids) {
        List<String> some = new ArrayList<>(ids).subList(0, Math.min(5, ids.size()));
        return some + (ids.size() > 5 ? " and " + (ids.size() - 5) + " more" : "");
    }
}
