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
