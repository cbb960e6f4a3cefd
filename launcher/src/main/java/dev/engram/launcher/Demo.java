package dev.engram.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

/** Loads a short built-in conversation through the gateway and shows what a search returns. */
public final class Demo {

    private static final String QUESTION = "What is the name of Maya's dog?";

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final String gateway;
    private final PrintStream out;

    public Demo(String gateway, PrintStream out) {
        this.gateway = gateway;
        this.out = out;
    }

    public void run() throws IOException, InterruptedException {
        JsonNode conversation;
        try (InputStream in = Demo.class.getResourceAsStream("demo-conversation.json")) {
            conversation = json.readTree(in);
        }
        String user = conversation.get("user_id").asText();
        JsonNode added = call("POST", "/v1/memories", conversation.toString(), 201);
        out.println("added " + added.get("episodes").size() + " episodes for user '" + user + "': "
                + added.get("episodes"));

        awaitIndexed(user);

        String search = json.createObjectNode()
                .put("user_id", user)
                .put("query", QUESTION)
                .put("top_k", 2)
                .toString();
        out.println();
        out.println("search: " + QUESTION);
        JsonNode result = call("POST", "/v1/memories/search", search, 200);
        out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(result.get("episodic")));
        out.println();
        out.println("context:");
        out.println(result.get("context").asText());
        out.println();
        out.println("trace: " + result.get("trace"));
    }

    private void awaitIndexed(String user) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        while (true) {
            JsonNode status = call("GET", "/v1/memories/status?user_id=" + user, null, 200);
            if (status.get("pending").asLong() == 0) {
                out.println("indexed: " + status);
                return;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("episodes still pending after 60 s: " + status);
            }
            Thread.sleep(250);
        }
    }

    private JsonNode call(String method, String path, String body, int expectedStatus)
            throws IOException, InterruptedException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(30));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expectedStatus) {
            throw new IllegalStateException(
                    method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return json.readTree(response.body());
    }
}
