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
 * The gateway's HTTP API as the benchmark uses it. A 503 (a service behind the gateway briefly unavailable)
 * is retried after the advertised delay; adds are safe to retry because every episode carries its id.
 */
public final class GatewayClient {

    private static final int ATTEMPTS = 5;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(120);

    private final URI base;
    private final String apiKey;
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
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
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
        String query = "user_id=" + URLEncoder.encode(userId, StandardCharsets.UTF_8);
        return send(request("v1/memories/status?" + query).GET().build(), 200);
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
                .timeout(REQUEST_TIMEOUT)
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
