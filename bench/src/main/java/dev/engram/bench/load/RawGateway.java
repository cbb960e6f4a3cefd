package dev.engram.bench.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The gateway's HTTP API as the load run sends it: each call once, its answer handed back as it came. Everything
 * else in the benchmarks goes through the Java SDK; here every 429 and 503 is a result to count, not a hiccup a
 * client should hide by retrying, and the answer's status is the measurement.
 */
public final class RawGateway {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

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
     * @param requestTimeout how long one request may take before it fails with a timeout
     */
    public RawGateway(String baseUrl, String apiKey, Duration requestTimeout) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
        this.requestTimeout = requestTimeout;
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
    /** Sends one operation of the load: an add or a search, once. */
    public HttpResponse<String> send(Operation operation) throws IOException, InterruptedException {
        return switch (operation.kind()) {
            case ADD -> addMemoriesOnce(operation.body());
            case SEARCH -> searchOnce(operation.body());
            case STATUS -> throw new IllegalArgumentException("status reads are not part of the load");
        };
    }

    public HttpResponse<String> statusOnce(String userId) throws IOException, InterruptedException {
        String query = "user_id=" + URLEncoder.encode(userId, StandardCharsets.UTF_8);
        return http.send(request("v1/memories/status?" + query).GET().build(), HttpResponse.BodyHandlers.ofString());
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
}
