package dev.engram.retrieval.rerank.crossencoder;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.output.Response;
import dev.langchain4j.model.scoring.ScoringModel;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A cross-encoder on a rerank server, over the API that Jina and Cohere defined and vLLM, llama.cpp
 * server and Infinity serve: {@code POST /v1/rerank} with the query and the passages, answered by a
 * relevance score per passage index. Every failure is a {@link CrossEncoderException}.
 */
public class RemoteRerankScoringModel implements ScoringModel {

    private static final int MAX_ERROR_BODY_CHARS = 300;

    private final URI endpoint;
    private final Optional<String> model;
    private final Optional<String> apiKey;
    private final Duration timeout;
    private final HttpClient http;

    public RemoteRerankScoringModel(URI baseUrl, Optional<String> model, Optional<String> apiKey, Duration timeout) {
        this.endpoint = endpoint(baseUrl);
        this.model = model.filter(m -> !m.isBlank());
        this.apiKey = apiKey.filter(k -> !k.isBlank());
        this.timeout = timeout;
        // HTTP/1.1: an h2c upgrade on a plain connection is a needless risk with small rerank servers.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
    }

    /** Where the requests go: the base URL with {@code /v1/rerank}, or {@code /rerank} after a {@code /v1}. */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public Response<List<Double>> scoreAll(List<TextSegment> segments, String query) {
        if (segments.isEmpty()) {
            return Response.from(List.of());
        }
        JsonObject body = new JsonObject()
                .put("query", query)
                .put(
                        "documents",
                        new JsonArray(segments.stream().map(TextSegment::text).toList()))
                .put("top_n", segments.size());
        model.ifPresent(m -> body.put("model", m));
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.encode()));
        apiKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
        return Response.from(scores(send(request.build()), segments.size()));
    }

    private String send(HttpRequest request) {
        // The request's own timeout ends once the headers are in; waiting on the future bounds the body too.
        CompletableFuture<HttpResponse<String>> exchange =
                http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> response;
        try {
            response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw late(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof HttpTimeoutException) {
                throw late(e.getCause());
            }
            throw new CrossEncoderException(
                    "Rerank server " + endpoint + " could not be reached: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new CrossEncoderException("Interrupted while waiting for rerank server " + endpoint, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new CrossEncoderException("Rerank server " + endpoint + " answered HTTP " + response.statusCode()
                    + ": " + abbreviate(response.body()));
        }
        return response.body();
    }

    /** The scores in passage order; a server that leaves a passage unscored has failed. */
    private List<Double> scores(String body, int size) {
        double[] scores = new double[size];
        boolean[] seen = new boolean[size];
        try {
            JsonArray results = new JsonObject(body).getJsonArray("results");
            if (results == null) {
                throw new CrossEncoderException(malformed("it has no results", body));
            }
            for (int i = 0; i < results.size(); i++) {
                JsonObject result = results.getJsonObject(i);
                Integer index = result.getInteger("index");
                Number score = result.getNumber("relevance_score");
                if (index == null || score == null || index < 0 || index >= size) {
                    throw new CrossEncoderException(malformed("result " + result.encode() + " is not usable", body));
                }
                scores[index] = score.doubleValue();
                seen[index] = true;
            }
        } catch (DecodeException | ClassCastException e) {
            throw new CrossEncoderException(malformed("it is not the JSON of a rerank result", body), e);
        }
        for (int i = 0; i < size; i++) {
            if (!seen[i]) {
                throw new CrossEncoderException(malformed("passage " + i + " of " + size + " has no score", body));
            }
        }
        return Arrays.stream(scores).boxed().toList();
    }

    private CrossEncoderException late(Throwable cause) {
        return new CrossEncoderException("Rerank server " + endpoint + " did not answer within " + timeout, cause);
    }

    private String malformed(String why, String body) {
        return "Rerank server " + endpoint + " answered unexpectedly (" + why + "): " + abbreviate(body);
    }

    private static String abbreviate(String text) {
        return text.length() <= MAX_ERROR_BODY_CHARS ? text : text.substring(0, MAX_ERROR_BODY_CHARS) + "...";
    }

    private static URI endpoint(URI baseUrl) {
        String base = baseUrl.toString().replaceAll("/+$", "");
        return URI.create(base.endsWith("/v1") ? base + "/rerank" : base + "/v1/rerank");
    }
}
