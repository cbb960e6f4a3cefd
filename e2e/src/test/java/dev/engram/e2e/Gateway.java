package dev.engram.e2e;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What a client of the public API does, in the few calls these tests need. */
final class Gateway {

    private final String url;

    Gateway(String url) {
        this.url = url;
    }

    JsonPath add(Map<String, Object> request) {
        return given().baseUri(url)
                .contentType(ContentType.JSON)
                .body(request)
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
    }

    JsonPath search(String user, String query, int topK) {
        return search(Map.of("user_id", user, "query", query, "top_k", topK));
    }

    JsonPath search(Map<String, Object> body) {
        return given().baseUri(url)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath shortTerm(String user, String session) {
        return given().baseUri(url)
                .queryParam("user_id", user)
                .get("/v1/sessions/" + session + "/short-term")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath status(String user) {
        return given().baseUri(url)
                .queryParam("user_id", user)
                .get("/v1/memories/status")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The user's profile; {@code query} holds optional query parameters such as {@code at}. */
    JsonPath profile(String user, Map<String, ?> query) {
        return given().baseUri(url)
                .queryParams(query)
                .get("/v1/users/" + user + "/profile")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    JsonPath profileHistory(String user) {
        return given().baseUri(url)
                .get("/v1/users/" + user + "/profile/history")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Writes a profile entry by hand, expecting {@code status} (201 created, 200 a new version). */
    JsonPath putProfileEntry(String user, String entryId, Map<String, Object> entry, int status) {
        return given().baseUri(url)
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
        return given().baseUri(url)
                .delete("/v1/users/" + user + "/profile/" + entryId)
                .then()
                .extract()
                .statusCode();
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
