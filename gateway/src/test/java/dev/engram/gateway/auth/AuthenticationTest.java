package dev.engram.gateway.auth;

import static dev.engram.gateway.auth.Keys.bearer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(AuthOn.class)
@WithTestResource(FakeDownstream.class)
@WithTestResource(PostgresTestResource.class)
class AuthenticationTest {

    private static final Map<String, Object> ADD = Map.of(
            "user_id", "caroline",
            "session_id", "s1",
            "episodes", List.of(Map.of("id", "e-1", "producer", "Caroline", "content", "I adopted a cat.")));

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void a_request_without_a_key_is_401_with_a_bearer_challenge_and_reaches_nothing() {
        given().contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("type", equalTo("urn:engram:problem:unauthorized"));
        assertThat(ingest.calls()).isZero();
    }

    /**
     * Java's HttpClient (as generated clients use it) upgrades a plain connection to HTTP/2; the refusal must
     * reach it whole, with or without a body, and leave the connection usable for the next request.
     */
    @Test
    void a_refusal_reaches_a_client_that_upgraded_to_http2() throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        URI status = URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/memories/status?user_id=caroline");
        URI add = URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/memories");
        for (HttpRequest request : List.of(
                HttpRequest.newBuilder(status)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpRequest.newBuilder(add)
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"user_id\":\"caroline\"}"))
                        .build(),
                HttpRequest.newBuilder(status)
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build())) {
            HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(401);
            assertThat(answer.body()).contains("urn:engram:problem:unauthorized");
        }
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void malformed_unknown_and_wrong_secret_keys_are_all_401() {
        String key = Keys.newKey(Keys.newProject("p"), "read");
        String wrongSecret = key.substring(0, key.length() - 4) + (key.endsWith("AAAA") ? "BBBB" : "AAAA");
        String unknownId = "egk_0000000000000000" + key.substring(20);
        for (String header : List.of(
                "Bearer nonsense",
                "Bearer " + wrongSecret,
                "Bearer " + unknownId,
                "Basic " + key,
                key,
                "Bearer " + AuthOn.ADMIN_KEY + "x")) {
            given().header("Authorization", header)
                    .queryParam("user_id", "u")
                    .get("/v1/memories/status")
                    .then()
                    .statusCode(401);
        }
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void the_project_comes_from_the_key() {
        String project = Keys.newProject("acme");
        String key = Keys.newKey(project, "read", "write");

        given().header("Authorization", bearer(key))
                .contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(201);
        given().header("Authorization", bearer(key))
                .queryParam("user_id", "caroline")
                .get("/v1/memories/status")
                .then()
                .statusCode(200);

        assertThat(ingest.addRequests)
                .singleElement()
                .satisfies(
                        request -> assertThat(request.getScope().getProject()).isEqualTo(project));
        assertThat(ingest.statusRequests)
                .singleElement()
                .satisfies(
                        request -> assertThat(request.getScope().getProject()).isEqualTo(project));
    }

    @Test
    void a_large_batch_arrives_whole_after_its_key_is_checked() {
        String key = Keys.newKey(Keys.newProject("bulk"), "write");
        List<Map<String, Object>> episodes = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            episodes.add(Map.of("id", "bulk-" + i, "content", ("episode " + i + " ").repeat(800)));
        }

        given().header("Authorization", bearer(key))
                .contentType(ContentType.JSON)
                .body(Map.of("user_id", "u", "session_id", "s", "episodes", episodes))
                .post("/v1/memories")
                .then()
                .statusCode(201);

        assertThat(ingest.addRequests)
                .singleElement()
                .satisfies(request -> assertThat(request.getEpisodesList()).hasSize(300));
    }

    @Test
    void any_valid_key_may_ask_who_it_is_and_sees_its_own_scopes() {
        String project = Keys.newProject("me");
        String writeOnly = Keys.newKey(project, "write");

        given().header("Authorization", bearer(writeOnly))
                .get("/v1/me")
                .then()
                .statusCode(200)
                .body("project", equalTo(project))
                .body("key_id", equalTo(writeOnly.split("_")[1]))
                .body("scopes", contains("write"))
                .body("authentication", equalTo(true));
        given().get("/v1/me").then().statusCode(401);
    }

    @Test
    void a_key_without_the_needed_scope_is_403() {
        String project = Keys.newProject("scoped");
        String readOnly = Keys.newKey(project, "read");
        String writeOnly = Keys.newKey(project, "write");

        given().header("Authorization", bearer(readOnly))
                .contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(403)
                .body("type", equalTo("urn:engram:problem:forbidden"));
        given().header("Authorization", bearer(writeOnly))
                .contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "cat"))
                .post("/v1/memories/search")
                .then()
                .statusCode(403);
        given().header("Authorization", bearer(readOnly))
                .get("/v1/admin/projects/" + project + "/keys")
                .then()
                .statusCode(403);
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void a_project_admin_key_manages_its_own_keys_only_and_creates_no_projects() {
        String own = Keys.newProject("own");
        String other = Keys.newProject("other");
        String admin = Keys.newKey(own, "admin");

        given().header("Authorization", bearer(admin))
                .contentType(ContentType.JSON)
                .body(Map.of("scopes", List.of("read")))
                .post("/v1/admin/projects/" + own + "/keys")
                .then()
                .statusCode(201)
                .body("project", equalTo(own));
        given().header("Authorization", bearer(admin))
                .contentType(ContentType.JSON)
                .body(Map.of("scopes", List.of("read")))
                .post("/v1/admin/projects/" + other + "/keys")
                .then()
                .statusCode(403);
        given().header("Authorization", bearer(admin))
                .contentType(ContentType.JSON)
                .body(Map.of("id", "mine-now"))
                .post("/v1/admin/projects")
                .then()
                .statusCode(403);
    }

    @Test
    void a_key_is_shown_once_and_listed_without_its_secret() {
        String project = Keys.newProject("listing");
        String key = Keys.newKey(project, "read", "write");
        String id = key.substring(4, 20);

        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .get("/v1/admin/projects/" + project + "/keys")
                .then()
                .statusCode(200)
                .body("id", hasItem(id))
                .body("[0].key", nullValue())
                .body("[0].scopes", equalTo(List.of("read", "write")))
                .body(not(org.hamcrest.Matchers.containsString(key.substring(21))));
    }

    @Test
    void revocation_takes_effect_on_the_next_request() {
        String project = Keys.newProject("revoked");
        String key = Keys.newKey(project, "read");
        String id = key.substring(4, 20);
        given().header("Authorization", bearer(key))
                .queryParam("user_id", "u")
                .get("/v1/memories/status")
                .then()
                .statusCode(200);

        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .delete("/v1/admin/projects/" + project + "/keys/" + id)
                .then()
                .statusCode(204);

        given().header("Authorization", bearer(key))
                .queryParam("user_id", "u")
                .get("/v1/memories/status")
                .then()
                .statusCode(401);
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .get("/v1/admin/projects/" + project + "/keys")
                .then()
                .body("[0].revoked_at", not(nullValue()));
    }

    @Test
    void the_bootstrap_key_manages_projects_but_holds_no_memory() {
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(403);
        String project = Keys.newProject("dup");
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(Map.of("id", project))
                .post("/v1/admin/projects")
                .then()
                .statusCode(409);
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(Map.of("scopes", List.of("read", "superuser")))
                .post("/v1/admin/projects/" + project + "/keys")
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("scopes[1]"));
        given().header("Authorization", bearer(AuthOn.ADMIN_KEY))
                .contentType(ContentType.JSON)
                .body(Map.of("scopes", List.of("read")))
                .post("/v1/admin/projects/no-such-project/keys")
                .then()
                .statusCode(404);
    }

    @Test
    void health_and_openapi_need_no_key() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
    }
}
