package dev.engram.e2e;

import static io.restassured.RestAssured.given;

import dev.engram.sdk.Engram;
import dev.engram.sdk.EngramException;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a client of the public API does, in the calls these tests need: through the Java SDK, with its answers as
 * JSON paths to assert on. The few calls whose HTTP status is itself what a test checks (a refused add, a profile
 * entry created or versioned) are sent as they are.
 */
final class Gateway {

    private final String url;
    private final String key;
    private final Engram engram;

    Gateway(String url, String key) {
        this.url = url;
        this.key = key;
        this.engram = Engram.builder().url(url).apiKey(key).build();
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

    private JsonPath call(String method, String path, Map<String, ?> query, Object body) {
        Map<String, String> parameters = new LinkedHashMap<>();
        query.forEach((name, value) -> parameters.put(name, String.valueOf(value)));
        var answer = engram.request(method, path, parameters, body);
        return JsonPath.from(answer == null ? "{}" : answer.toString());
    }

    JsonPath add(Map<String, Object> request) {
        return call("POST", "v1/memories", Map.of(), request);
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
        return call("POST", "v1/memories/search", Map.of(), body);
    }

    JsonPath shortTerm(String user, String session) {
        return call("GET", "v1/sessions/" + session(session) + "/short-term", Map.of("user_id", user), null);
    }

    JsonPath status(String user) {
        return call("GET", "v1/memories/status", Map.of("user_id", user), null);
    }

    /** The user's profile; {@code query} holds optional query parameters such as {@code at}. */
    JsonPath profile(String user, Map<String, ?> query) {
        return call("GET", "v1/users/" + segment(user) + "/profile", query, null);
    }

    JsonPath profileHistory(String user) {
        return call("GET", "v1/users/" + segment(user) + "/profile/history", Map.of(), null);
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
        return statusOf("DELETE", "v1/users/" + segment(user) + "/profile/" + segment(entryId), Map.of(), 204);
    }

    /** One page of the user's episodes; {@code query} holds optional parameters such as {@code session_id}. */
    JsonPath listEpisodes(String user, Map<String, ?> query) {
        Map<String, Object> parameters = new LinkedHashMap<>(query);
        parameters.put("user_id", user);
        return call("GET", "v1/memories/episodes", parameters, null);
    }

    JsonPath episode(String user, String episodeId) {
        return call("GET", "v1/memories/episodes/" + segment(episodeId), Map.of("user_id", user), null);
    }

    /** 200 when the user has the episode, 404 when not. */
    int episodeStatus(String user, String episodeId) {
        return statusOf("GET", "v1/memories/episodes/" + segment(episodeId), Map.of("user_id", user), 200);
    }

    JsonPath deleteEpisode(String user, String episodeId) {
        return call("DELETE", "v1/memories/episodes/" + segment(episodeId), Map.of("user_id", user), null);
    }

    JsonPath deleteSession(String user, String session) {
        return call("DELETE", "v1/sessions/" + session(session), Map.of("user_id", user), null);
    }

    JsonPath deleteUser(String user) {
        return call("DELETE", "v1/users/" + segment(user), Map.of(), null);
    }

    /** Queues the project's episodes for indexing again. */
    JsonPath reindex() {
        return call("POST", "v1/admin/reindex", Map.of(), Map.of());
    }

    /** {@code success} when the call succeeds, otherwise the status it was refused with. */
    private int statusOf(String method, String path, Map<String, ?> query, int success) {
        try {
            call(method, path, query, null);
            return success;
        } catch (EngramException refused) {
            return refused.status();
        }
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Session ids may hold '/', which the session routes take as it is. */
    private static String session(String value) {
        return segment(value).replace("%2F", "/");
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
