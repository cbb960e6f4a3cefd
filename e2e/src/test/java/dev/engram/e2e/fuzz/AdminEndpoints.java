package dev.engram.e2e.fuzz;

import static dev.engram.e2e.fuzz.Views.list;
import static dev.engram.e2e.fuzz.Views.require;
import static dev.engram.e2e.fuzz.Views.text;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.fuzz.Endpoint.Access;
import dev.engram.e2e.fuzz.Endpoint.Param;
import dev.engram.e2e.fuzz.Shape.Field;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The administration endpoints: projects, a project's API keys, reindexing. A created key is tried at once, and a
 * revoked one must stop working at once.
 */
final class AdminEndpoints {

    private static final Pattern KEY = Pattern.compile("egk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}");

    private final FuzzContext context;
    private final Model model;
    private final Map<String, String> secrets = new HashMap<>();

    AdminEndpoints(FuzzContext context) {
        this.context = context;
        this.model = context.model();
    }

    private String key(Access access) {
        return context.keys().valid(access);
    }

    Endpoint createProject() {
        Shape.ObjectShape body = Shape.object(
                0.5,
                Field.required("id", Shape.id(null, false)),
                Field.optional(
                        "name",
                        Shape.text(Contract.MAX_NAME_CHARS, false, true, Contract.text(Contract.MAX_NAME_CHARS))));
        String path = "/v1/admin/projects";
        return new Endpoint(
                "POST",
                path,
                List.of(),
                List.of(),
                body,
                Access.SUPER_ADMIN,
                Contract.MAX_BODY,
                ignored -> Gen.combine(body.valid(), Gen.integers(0, 9), (json, choice) -> {
                    Json.Obj project = (Json.Obj) json;
                    if (choice == 0) {
                        String taken = model.projects().iterator().next();
                        return Case.exactly(
                                request(path, project.with("id", Json.str(taken))), "a taken project id", 409);
                    }
                    String id = project.string("id").orElseThrow();
                    return Case.valid(request(path, project), model.projects().contains(id) ? 409 : 201);
                }),
                (request, answer, model) -> {
                    Json.Obj sent = request.jsonObject().orElseThrow();
                    JsonNode project = answer.jsonOrFail();
                    String id = sent.string("id").orElseThrow();
                    require(id.equals(text(project, "id")), "project " + id + " was created as " + text(project, "id"));
                    require(
                            sent.string("name").orElse(id).equals(text(project, "name")),
                            "project " + id + " is named " + Request.escape(String.valueOf(text(project, "name"))));
                    require(!model.projects().contains(id), "project " + id + " was created twice");
                    model.project(id);
                });
    }

    private Request request(String path, Json.Obj body) {
        return Request.of("POST", path).json(body).withKey(key(Access.SUPER_ADMIN));
    }

    Endpoint listProjects() {
        String path = "/v1/admin/projects";
        return new Endpoint(
                "GET",
                path,
                List.of(),
                List.of(),
                null,
                Access.SUPER_ADMIN,
                0,
                ignored -> Gen.just(Case.valid(Request.of("GET", path).withKey(key(Access.SUPER_ADMIN)), 200)),
                (request, answer, model) -> {
                    Set<String> listed = new HashSet<>();
                    list(answer.jsonOrFail()).forEach(project -> listed.add(text(project, "id")));
                    require(
                            listed.equals(model.projects()),
                            "the projects listed differ from those created: " + difference(listed, model.projects()));
                });
    }

    /** The keys project, or now and then a project that does not exist (404, or 403 for the project's own key). */
    private Gen<Request> inProject(String method, String path) {
        return Gen.combine(
                Gen.frequency(
                        Gen.weight(9, Gen.just(context.keysProject())),
                        Gen.weight(
                                1, Contract.id().map(id -> "nx-" + id).filter(id -> id.length() <= Contract.MAX_ID))),
                Gen.of(Access.KEYS_ADMIN),
                (project, access) -> Request.of(method, path)
                        .pathParam("project_id", project)
                        .withKey(key(access)));
    }

    private int statusFor(Request request, int ok) {
        if (request.pathValue("project_id").orElseThrow().equals(context.keysProject())) {
            return ok;
        }
        return request.key().equals(context.keys().bootstrap()) ? 404 : 403;
    }

    Endpoint createKey() {
        Shape.ObjectShape body = Shape.object(
                0.5,
                Field.optional(
                        "name",
                        Shape.text(Contract.MAX_NAME_CHARS, false, true, Contract.text(Contract.MAX_NAME_CHARS))),
                Field.required("scopes", Shape.distinct(Contract.SCOPES)));
        String path = "/v1/admin/projects/{project_id}/keys";
        return new Endpoint(
                "POST",
                path,
                List.of(new Param("project_id", Shape.id(() -> List.of(context.keysProject()), false), true)),
                List.of(),
                body,
                Access.KEYS_ADMIN,
                Contract.MAX_BODY,
                ignored -> Gen.combine(inProject("POST", path), body.valid(), (request, json) -> {
                    Request withBody = request.json(json);
                    return Case.valid(withBody, statusFor(withBody, 201));
                }),
                this::keyCreated);
    }

    private void keyCreated(Request request, Answer answer, Model model) {
        JsonNode created = answer.jsonOrFail();
        String id = text(created, "id");
        String secret = text(created, "key");
        // Recorded before it is judged: a key created is listed, whatever else is wrong with it.
        if (context.keysProject().equals(text(created, "project"))) {
            model.key(id, true);
            secrets.put(id, secret);
        }
        if (request.jsonObject().isEmpty()) {
            // Raw bytes the gateway read as JSON (an overlong UTF-8 form): recorded above, not compared.
            return;
        }
        Json.Obj sent = request.jsonObject().orElseThrow();
        require(secret != null && KEY.matcher(secret).matches(), "a created key of an unexpected form: " + secret);
        require(secret.startsWith("egk_" + id + "_"), "key " + id + " came with the secret of another");
        String project = request.pathValue("project_id").orElseThrow();
        // An odd project id may name another project the run created: the bootstrap key may give it keys too.
        require(
                project.equals(text(created, "project")),
                "a key for " + project + " created in " + text(created, "project"));
        Set<String> scopes = new HashSet<>();
        list(created.get("scopes")).forEach(scope -> scopes.add(scope.asText()));
        Set<String> asked = new HashSet<>();
        ((Json.Arr) sent.get("scopes").orElseThrow()).items().forEach(scope -> asked.add(((Json.Str) scope).value()));
        require(scopes.equals(asked), "a key with scopes " + scopes + " for " + asked);
        require(
                sent.string("name").orElse(id).equals(text(created, "name")),
                "key " + id + " is named " + Request.escape(String.valueOf(text(created, "name"))));
        require(text(created, "revoked_at") == null, "a new key is revoked");
        int status =
                context.wire().send(use(Keys.bearer(secret), scopes, project)).status();
        require(status == 200, "the new key " + id + " with scopes " + scopes + " was refused with " + status);
    }

    /** A harmless request that a key of these scopes may make. */
    private Request use(String key, Set<String> scopes, String project) {
        if (scopes.contains("admin")) {
            return Request.of("GET", "/v1/admin/projects/{project_id}/keys")
                    .pathParam("project_id", project)
                    .withKey(key);
        }
        if (scopes.contains("read")) {
            return Request.of("GET", "/v1/memories/status")
                    .queryParam("user_id", "probe")
                    .withKey(key);
        }
        return Request.of("DELETE", "/v1/users/{user_id}")
                .pathParam("user_id", "probe")
                .withKey(key);
    }

    Endpoint listKeys() {
        String path = "/v1/admin/projects/{project_id}/keys";
        return new Endpoint(
                "GET",
                path,
                List.of(new Param("project_id", Shape.id(() -> List.of(context.keysProject()), false), true)),
                List.of(),
                null,
                Access.KEYS_ADMIN,
                0,
                ignored -> inProject("GET", path).map(request -> Case.valid(request, statusFor(request, 200))),
                (request, answer, model) -> {
                    if (!context.keysProject()
                            .equals(request.pathValue("project_id").orElseThrow())) {
                        // An odd project id may name another project the run made; only the keys project is modelled.
                        return;
                    }
                    Map<String, Boolean> listed = new HashMap<>();
                    list(answer.jsonOrFail())
                            .forEach(key -> listed.put(text(key, "id"), text(key, "revoked_at") != null));
                    require(
                            listed.equals(model.keys()),
                            "the keys listed differ from those created and revoked: " + listed + " vs " + model.keys());
                });
    }

    Endpoint revokeKey() {
        String path = "/v1/admin/projects/{project_id}/keys/{key_id}";
        return new Endpoint(
                "DELETE",
                path,
                List.of(
                        new Param("project_id", Shape.id(() -> List.of(context.keysProject()), false), true),
                        new Param("key_id", Shape.id(null, false), true)),
                List.of(),
                null,
                Access.KEYS_ADMIN,
                0,
                ignored -> {
                    Gen<String> unknown = Gen.strings("0123456789abcdef", 16);
                    List<String> revocable = model.revocableKeys();
                    Gen<String> keyIds = revocable.isEmpty()
                            ? unknown
                            : Gen.frequency(Gen.weight(3, Gen.of(revocable)), Gen.weight(1, unknown));
                    return Gen.combine(inProject("DELETE", path), keyIds, (request, keyId) -> {
                        Request revoke = request.pathParam("key_id", keyId);
                        if (statusFor(revoke, 204) != 204) {
                            return Case.valid(revoke, statusFor(revoke, 204));
                        }
                        Boolean revoked = model.keys().get(keyId);
                        return revoked == null
                                ? Case.valid(revoke, 404)
                                : revoked ? Case.valid(revoke, 204, 404) : Case.valid(revoke, 204);
                    });
                },
                (request, answer, model) -> {
                    String id = request.pathValue("key_id").orElseThrow();
                    require(
                            model.revocableKeys().contains(id),
                            "revoked key " + id + ", which the fuzz run never created");
                    model.revoked(id);
                    int status = context.wire()
                            .send(use(Keys.bearer(secrets.get(id)), Set.of("admin"), context.keysProject()))
                            .status();
                    require(status == 401, "the revoked key " + id + " still answers " + status);
                });
    }

    Endpoint reindex() {
        Shape.ObjectShape body =
                Shape.object(0.5, Field.optional("project", Shape.id(() -> List.of(context.reindexProject()), false)));
        String path = "/v1/admin/reindex";
        return new Endpoint(
                "POST",
                path,
                List.of(),
                List.of(),
                body,
                Access.REINDEX_ADMIN,
                Contract.MAX_BODY,
                ignored -> body.valid()
                        .map(json -> Case.valid(
                                Request.of("POST", path).json(json).withKey(key(Access.REINDEX_ADMIN)), 202)),
                (request, answer, model) -> {
                    JsonNode queued = answer.jsonOrFail();
                    require(
                            context.reindexProject().equals(text(queued, "project")),
                            "reindexed " + text(queued, "project"));
                    require(
                            queued.path("queued_episodes").asLong(-1) == 0,
                            "an empty project queued " + queued.path("queued_episodes"));
                });
    }

    private static String difference(Set<String> listed, Set<String> expected) {
        Set<String> extra = new HashSet<>(listed);
        extra.removeAll(expected);
        Set<String> missing = new HashSet<>(expected);
        missing.removeAll(listed);
        return "not created " + extra + ", missing " + missing;
    }
}
