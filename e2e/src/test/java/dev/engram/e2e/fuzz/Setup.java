package dev.engram.e2e.fuzz;

import static dev.engram.e2e.fuzz.Views.list;
import static dev.engram.e2e.fuzz.Views.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The projects, keys and users of a fuzz run, made through the administration API. The names are fixed, so that
 * a replay with the same seed sends the same requests; every run of the e2e tests starts on an empty database.
 */
final class Setup {

    static final String PROJECT = "fuzz";
    static final String KEYS_PROJECT = "fuzz-keys";
    static final String REINDEX_PROJECT = "fuzz-reindex";

    /** Keys of the fuzzed project that valid requests take turns with, to stay under the per-key rate limit. */
    private static final int TAKING_TURNS = 6;

    /** Users with memory; the last is the one whose deletion is fuzzed. Ids of one and of 128 characters. */
    static final List<String> MEMORY_USERS =
            List.of("fuzz-ann", ("Ab0._:@-" + "x".repeat(120)), "u", "fuzz.bob@example.com");

    /** Users with only hand-written profile entries: no episodes, so that no extraction adds to them. */
    static final List<String> PROFILE_USERS = List.of("pf-ann", "p", "pf:" + "y".repeat(125));

    /** Sessions; the last two are the ones whose deletion is fuzzed. */
    static final List<String> SESSIONS = List.of("s1", "conv-26/session_1", "s-2", "x" + "/y".repeat(63));

    private final Wire wire;
    private final String bootstrap;

    private Setup(Wire wire, String bootstrap) {
        this.wire = wire;
        this.bootstrap = bootstrap;
    }

    static FuzzContext run(Wire wire, String bootstrap) {
        return new Setup(wire, bootstrap).create();
    }

    private FuzzContext create() {
        for (String project : List.of(PROJECT, KEYS_PROJECT, REINDEX_PROJECT)) {
            expect(
                    201,
                    Request.of("POST", "/v1/admin/projects")
                            .json(Json.obj("id", Json.str(project)))
                            .withKey(bootstrap));
        }
        List<String> turns = new ArrayList<>();
        for (int i = 0; i < TAKING_TURNS; i++) {
            turns.add(key(PROJECT, "read", "write", "admin"));
        }
        String revoked = key(PROJECT, "read", "write");
        String revokedId = revoked.substring("Bearer egk_".length(), "Bearer egk_".length() + 16);
        expect(
                204,
                Request.of("DELETE", "/v1/admin/projects/{project_id}/keys/{key_id}")
                        .pathParam("project_id", PROJECT)
                        .pathParam("key_id", revokedId)
                        .withKey(bootstrap));
        Keys keys = new Keys(
                turns,
                key(PROJECT, "read"),
                key(PROJECT, "write"),
                revoked,
                bootstrap,
                key(KEYS_PROJECT, "admin"),
                key(REINDEX_PROJECT, "admin"),
                new AtomicInteger());
        Model model = new Model(MEMORY_USERS, PROFILE_USERS, SESSIONS, KEYS_PROJECT);
        list(expect(200, Request.of("GET", "/v1/admin/projects").withKey(bootstrap)))
                .forEach(project -> model.project(text(project, "id")));
        list(expect(
                        200,
                        Request.of("GET", "/v1/admin/projects/{project_id}/keys")
                                .pathParam("project_id", KEYS_PROJECT)
                                .withKey(bootstrap)))
                .forEach(key -> model.key(text(key, "id"), false));
        return new FuzzContext(model, keys, wire, PROJECT, KEYS_PROJECT, REINDEX_PROJECT);
    }

    private String key(String project, String... scopes) {
        JsonNode created = expect(
                201,
                Request.of("POST", "/v1/admin/projects/{project_id}/keys")
                        .pathParam("project_id", project)
                        .json(Json.obj("name", Json.str("fuzz"), "scopes", Json.strings(List.of(scopes))))
                        .withKey(bootstrap));
        return Keys.bearer(text(created, "key"));
    }

    private JsonNode expect(int status, Request request) {
        Answer answer = wire.send(request);
        if (answer.status() != status) {
            throw new IllegalStateException("fuzz setup: " + request.describe() + " answered " + answer.describe());
        }
        return answer.json().orElse(null);
    }
}
