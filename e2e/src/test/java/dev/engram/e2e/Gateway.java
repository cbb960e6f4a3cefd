package dev.engram.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What a client of the public API does, in the few calls these tests need. */
final class Gateway {

    private final String url;
    private final String key;

    Gateway(String url, String key) {
        this.url = url;
        this.key = key;
    }

    String url() {
        return url;
    }

    String key() {
        return key;
    }

    private RequestSpecification request() {
        return given().baseUri(url).header("Authorization", "Bearer " + key);
    }

    JsonPath add(Map<String, Object> request) {
        return request()
                .contentType(ContentType.JSON)
                .body(request)
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
    }

    /** An add the gateway refuses: its problem document, after checking the status. */
    JsonPath addRefused(Map<String, Object> request, int status) {
        return request()
                .contentType(ContentType.JSON)
                .body(request)
                .post("/v1/memories")
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    JsonPath search(String user, String query, int topK) {
        return search(Map.of("user_id", user, "query", query, "top_k", topK));
    }

    JsonPath search(Map<String, Object> body) {
        return request()
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath shortTerm(String user, String session) {
        return request()
                .queryParam("user_id", user)
                .get("/v1/sessions/" + session + "/short-term")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath status(String user) {
        return request()
                .queryParam("user_id", user)
                .get("/v1/memories/status")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The user's profile; {@code query} holds optional query parameters such as {@code at}. */
    JsonPath profile(String user, Map<String, ?> query) {
        return request()
                .queryParams(query)
                .get("/v1/users/" + user + "/profile")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath profileHistory(String user) {
        return request()
                .get("/v1/users/" + user + "/profile/history")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Writes a profile entry by hand, expecting {@code status} (201 created, 200 a new version). */
    JsonPath putProfileEntry(String user, String entryId, Map<String, Object> entry, int status) {
        return request()
                .contentType(ContentType.JSON)
                .body(entry)
                .put("/v1/users/" + user + "/profile/" + entryId)
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    /** Deletes a profile entry; the status tells whether it existed (204) or not (404). */
    int deleteProfileEntry(String user, String entryId) {
        return request()
                .delete("/v1/users/" + user + "/profile/" + entryId)
                .then()
                .extract()
                .statusCode();
    }

    /** One page of the user's episodes; {@code query} holds optional parameters such as {@code session_id}. */
    JsonPath listEpisodes(String user, Map<String, ?> query) {
        return request()
                .queryParam("user_id", user)
                .queryParams(query)
                .get("/v1/memories/episodes")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath episode(String user, String episodeId) {
        return request()
                .queryParam("user_id", user)
                .get("/v1/memories/episodes/" + episodeId)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** 200 when the user has the episode, 404 when not. */
    int episodeStatus(String user, String episodeId) {
        return request()
                .queryParam("user_id", user)
                .get("/v1/memories/episodes/" + episodeId)
                .then()
                .extract()
                .statusCode();
    }

    JsonPath deleteEpisode(String user, String episodeId) {
        return deleted(request().queryParam("user_id", user).delete("/v1/memories/episodes/" + episodeId));
    }

    JsonPath deleteSession(String user, String session) {
        return deleted(request().queryParam("user_id", user).delete("/v1/sessions/" + session));
    }

    JsonPath deleteUser(String user) {
        return deleted(request().delete("/v1/users/" + user));
    }

    /** Queues the project's episodes for indexing again. */
    JsonPath reindex() {
        return request()
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/admin/reindex")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath();
    }

    private static JsonPath deleted(Response response) {
        return response.then().statusCode(200).extract().jsonPath();
    }

    /** Waits until everything accepted for the user is searchable. */
    void awaitIndexed(String user, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (status(user).getLong("pending") > 0) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(
                        "still pending after " + timeout + ": " + status(user).prettify());
            }
            Thread.sleep(200);
        }
    }

    /** The ids of every returned episode, in rank order. */
    static List<String> episodeIds(JsonPath searchResult) {
        return searchResult.getList("episodic.episodes.flatten().id", String.class);
    }
}
