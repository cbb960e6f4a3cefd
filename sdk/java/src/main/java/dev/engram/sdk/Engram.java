package dev.engram.sdk;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.engram.sdk.Model.AddResult;
import dev.engram.sdk.Model.Caller;
import dev.engram.sdk.Model.Deletion;
import dev.engram.sdk.Model.Episode;
import dev.engram.sdk.Model.EpisodeChange;
import dev.engram.sdk.Model.EpisodeInput;
import dev.engram.sdk.Model.EpisodePage;
import dev.engram.sdk.Model.MemoryStatus;
import dev.engram.sdk.Model.Profile;
import dev.engram.sdk.Model.SearchResult;
import dev.engram.sdk.Model.SessionPage;
import dev.engram.sdk.Model.ShortTerm;
import dev.engram.sdk.Model.UpdateResult;
import dev.engram.sdk.Model.UserPage;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A client of one Engram gateway with the API key of one project. Every call answers the API's JSON as the
 * records of {@link Model}; a refused call throws {@link EngramException} with the problem's fields. 429 and 503
 * are retried after the gateway's {@code Retry-After}; adds are safe to retry because a re-sent episode is
 * answered "duplicate". Thread-safe.
 */
public final class Engram {

    private final URI base;
    private final String apiKey;
    private final Duration timeout;
    private final int retries;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private Engram(Builder builder) {
        this.base = URI.create(builder.url.endsWith("/") ? builder.url : builder.url + "/");
        this.apiKey = builder.apiKey;
        this.timeout = builder.timeout;
        this.retries = builder.retries;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(builder.timeout)
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How to reach the gateway. */
    public static final class Builder {
        private String url = "http://127.0.0.1:8080";
        private String apiKey;
        private Duration timeout = Duration.ofSeconds(30);
        private int retries = 3;

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        /** The project's API key ({@code egk_…}); none while authentication is off. */
        public Builder apiKey(String apiKey) {
            this.apiKey = apiKey;
            return this;
        }

        /** How long one request may take (30 s by default). */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** How often a 429 or 503 is retried after its Retry-After (3 by default). */
        public Builder retries(int retries) {
            this.retries = retries;
            return this;
        }

        public Engram build() {
            return new Engram(this);
        }
    }

    // Memories

    /** Stores episodes of one session; durable when this returns. */
    public AddResult add(String userId, String sessionId, List<EpisodeInput> episodes) {
        return add(userId, sessionId, episodes, false);
    }

    /** As {@link #add(String, String, List)}; with {@code waitIndexed}, returns once they are searchable. */
    public AddResult add(String userId, String sessionId, List<EpisodeInput> episodes, boolean waitIndexed) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", userId);
        body.put("session_id", sessionId);
        body.put("episodes", episodes);
        if (waitIndexed) {
            body.put("wait", "indexed");
        }
        return call("POST", "v1/memories", Map.of(), body, AddResult.class);
    }

    public SearchResult search(String userId, String query, int topK) {
        return search(Map.of("user_id", userId, "query", query, "top_k", topK));
    }

    /** A search with any of the API's fields ({@code session_id}, {@code mode}, {@code filter}, …). */
    public SearchResult search(Map<String, Object> request) {
        return call("POST", "v1/memories/search", Map.of(), request, SearchResult.class);
    }

    public MemoryStatus status(String userId) {
        return call("GET", "v1/memories/status", Map.of("user_id", userId), null, MemoryStatus.class);
    }

    /** A page of the user's episodes of one session (or all, when {@code sessionId} is null). */
    public EpisodePage episodes(String userId, String sessionId, String cursor, Integer limit) {
        Map<String, String> query = new LinkedHashMap<>();
        query.put("user_id", userId);
        putIfPresent(query, "session_id", sessionId);
        putIfPresent(query, "cursor", cursor);
        putIfPresent(query, "limit", limit == null ? null : String.valueOf(limit));
        return call("GET", "v1/memories/episodes", query, null, EpisodePage.class);
    }

    public Episode episode(String userId, String episodeId) {
        return call(
                "GET", "v1/memories/episodes/" + segment(episodeId), Map.of("user_id", userId), null, Episode.class);
    }

    /** Corrects an episode in place; with {@code waitIndexed}, returns once it is searchable again. */
    public UpdateResult updateEpisode(String userId, String episodeId, EpisodeChange change, boolean waitIndexed) {
        Map<String, Object> body = json.convertValue(change, new TypeReference<Map<String, Object>>() {});
        if (waitIndexed) {
            body.put("wait", "indexed");
        }
        return call(
                "PATCH",
                "v1/memories/episodes/" + segment(episodeId),
                Map.of("user_id", userId),
                body,
                UpdateResult.class);
    }

    public Deletion deleteEpisode(String userId, String episodeId) {
        return call(
                "DELETE",
                "v1/memories/episodes/" + segment(episodeId),
                Map.of("user_id", userId),
                null,
                Deletion.class);
    }

    // Sessions, users, deletions, profile

    public ShortTerm shortTerm(String userId, String sessionId) {
        return call(
                "GET",
                "v1/sessions/" + session(sessionId) + "/short-term",
                Map.of("user_id", userId),
                null,
                ShortTerm.class);
    }

    public Deletion deleteSession(String userId, String sessionId) {
        return call("DELETE", "v1/sessions/" + session(sessionId), Map.of("user_id", userId), null, Deletion.class);
    }

    public Caller me() {
        return call("GET", "v1/me", Map.of(), null, Caller.class);
    }

    /** A page of the project's users with their counts; {@code cursor} is the previous page's, null for the first. */
    public UserPage users(String cursor, Integer limit) {
        Map<String, String> query = new LinkedHashMap<>();
        putIfPresent(query, "cursor", cursor);
        putIfPresent(query, "limit", limit == null ? null : String.valueOf(limit));
        return call("GET", "v1/users", query, null, UserPage.class);
    }

    /** A page of the user's sessions with their episode counts and time span. */
    public SessionPage sessions(String userId, String cursor, Integer limit) {
        Map<String, String> query = new LinkedHashMap<>();
        putIfPresent(query, "cursor", cursor);
        putIfPresent(query, "limit", limit == null ? null : String.valueOf(limit));
        return call("GET", "v1/users/" + segment(userId) + "/sessions", query, null, SessionPage.class);
    }

    public Deletion deleteUser(String userId) {
        return call("DELETE", "v1/users/" + segment(userId), Map.of(), null, Deletion.class);
    }

    public Deletion deletion(String deletionId) {
        return call("GET", "v1/deletions/" + segment(deletionId), Map.of(), null, Deletion.class);
    }

    public Profile profile(String userId) {
        return call("GET", "v1/users/" + segment(userId) + "/profile", Map.of(), null, Profile.class);
    }

    // Any call

    /**
     * Any call of the API, its answer as a JSON tree: for fields the records leave out (a search's {@code trace}, a
     * cluster's {@code similarity}) and bodies built as JSON. {@code path} is relative ({@code v1/memories/search});
     * {@code body} is sent as JSON when not null. Refusals and retries are those of every other call.
     */
    public JsonNode request(String method, String path, Map<String, String> query, Object body) {
        return call(method, path, query, body, JsonNode.class);
    }

    // The wire

    private <T> T call(String method, String path, Map<String, String> query, Object body, Class<T> answer) {
        StringJoiner parameters = new StringJoiner("&", "?", "").setEmptyValue("");
        query.forEach((name, value) -> parameters.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path + parameters))
                .timeout(timeout)
                .header("Accept", "application/json, application/problem+json");
        if (apiKey != null && !apiKey.isBlank()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        try {
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
            }
            for (int attempt = 0; ; attempt++) {
                HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status >= 200 && status < 300) {
                    return response.body().isEmpty() ? null : json.readValue(response.body(), answer);
                }
                long retryAfter = response.headers()
                        .firstValue("Retry-After")
                        .filter(value -> value.strip().matches("\\d+"))
                        .map(value -> Long.parseLong(value.strip()))
                        .orElse(-1L);
                if ((status == 429 || status == 503) && attempt < retries) {
                    Thread.sleep(1000 * (retryAfter >= 0 ? retryAfter : 1L << attempt));
                    continue;
                }
                throw refused(status, response.body());
            }
        } catch (IOException e) {
            throw new EngramException(0, "No answer", method + " " + path + ": " + e.getMessage(), List.of(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngramException(0, "Interrupted", method + " " + path, List.of(), e);
        }
    }

    private EngramException refused(int status, String body) {
        JsonNode problem;
        try {
            problem = body.isEmpty() ? json.createObjectNode() : json.readTree(body);
        } catch (IOException e) {
            problem = json.createObjectNode().put("detail", body.substring(0, Math.min(500, body.length())));
        }
        List<EngramException.FieldError> errors = new ArrayList<>();
        problem.path("errors")
                .forEach(error -> errors.add(new EngramException.FieldError(
                        error.path("field").asText(), error.path("message").asText())));
        return new EngramException(
                status,
                problem.path("title").asText("Error"),
                problem.path("detail").asText(""),
                errors,
                null);
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Session ids may hold '/' ("conv-26/session_1"); the API's session routes take it as it is. */
    private static String session(String value) {
        return segment(value).replace("%2F", "/");
    }

    private static void putIfPresent(Map<String, String> query, String name, String value) {
        if (value != null) {
            query.put(name, value);
        }
    }
}
