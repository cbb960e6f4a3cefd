package dev.engram.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The gateway's HTTP API as the benchmarks use it. The recall benchmark's calls retry a 503 (a service behind
 * the gateway briefly unavailable) after the advertised delay; adds are safe to retry because every episode
 * carries its id. The load run's calls ({@code ...Once}) send once and hand back the answer as it came,
 * because there every 429 and 503 is a result to count, not a hiccup to hide.
 */
public final class GatewayClient {

    private static final int ATTEMPTS = 5;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);

    private final URI base;
    private final String apiKey;
    private final Duration requestTimeout;
    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();

    /**
     * @param baseUrl the gateway, e.g. {@code http://127.0.0.1:8080}
     * @param apiKey sent as a bearer token when the platform has authentication on; may be null
     */
    public GatewayClient(String baseUrl, String apiKey) {
        this(baseUrl, apiKey, REQUEST_TIMEOUT);
    }

    /** @param requestTimeout how long one request may take before it fails with a timeout */
    public GatewayClient(String baseUrl, String apiKey, Duration requestTimeout) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        this.requestTimeout = requestTimeout;
    }

    public ObjectMapper json() {
        return json;
    }

    /** {@code POST /v1/memories}; the episodes are durable when this returns. */
    public JsonNode addMemories(JsonNode body) {
        return send(post("v1/memories", body), 201);
    }

    /** {@code POST /v1/memories/search}. */
    public JsonNode search(JsonNode body) {
        return send(post("v1/memories/search", body), 200);
    }

    /** {@code GET /v1/memories/status}: how many of the user's episodes are stored, indexed and pending. */
    public JsonNode status(String userId) {
        return send(statusRequest(userId), 200);
    }

    /** {@code POST /v1/memories} once, whatever it answers. */
    public HttpResponse<String> addMemoriesOnce(JsonNode body) throws IOException, InterruptedException {
        return http.send(post("v1/memories", body), HttpResponse.BodyHandlers.ofString());
    }

    /** {@code POST /v1/memories/search} once, whatever it answers. */
    public HttpResponse<String> searchOnce(JsonNode body) throws IOException, InterruptedException {
        return http.send(post("v1/memories/search", body), HttpResponse.BodyHandlers.ofString());
    }

    /** {@code GET /v1/memories/status} once, whatever it answers. */
    public HttpResponse<String> statusOnce(String userId) throws IOException, InterruptedException {
        return http.send(statusRequest(userId), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest statusRequest(String userId) {
        String query = "user_id=" + URLEncoder.encode(userId, StandardCharsets.UTF_8);
        return request("v1/memories/status?" + query).GET().build();
    }

    private HttpRequest post(String path, JsonNode body) {
        try {
            return request(path)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body)))
                    .build();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the request body", e);
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path))
                .timeout(requestTimeout)
                .header("Accept", "application/json");
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        return builder;
    }

    private JsonNode send(HttpRequest request, int expectedStatus) {
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during " + request.method() + " " + request.uri(), e);
            }
            if (response.statusCode() == 503 && attempt < ATTEMPTS) {
                pause(retryAfter(response).orElse(Duration.ofSeconds(attempt)));
                continue;
            }
            if (response.statusCode() != expectedStatus) {
                throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                        + response.statusCode() + ": " + response.body());
            }
            try {
                return json.readTree(response.body());
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(request.uri() + " answered something that is not JSON", e);
            }
        }
    }

    private static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(value -> {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value.trim())));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }
}
