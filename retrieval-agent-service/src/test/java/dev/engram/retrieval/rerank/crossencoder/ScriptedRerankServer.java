package dev.engram.retrieval.rerank.crossencoder;

import com.sun.net.httpserver.HttpServer;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A rerank server on a free local port that records each request and answers as scripted. */
final class ScriptedRerankServer implements AutoCloseable {

    /** What the server was sent. */
    record Request(String method, String path, String authorization, JsonObject body) {}

    private final HttpServer server;
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile String answer = "{\"results\":[]}";
    private volatile Duration delay = Duration.ZERO;
    private volatile Duration bodyDelay = Duration.ZERO;

    ScriptedRerankServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(handlers);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Request(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    body.isBlank() ? new JsonObject() : new JsonObject(body)));
            if (!pause(delay)) {
                exchange.close();
                return;
            }
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes, 0, bytes.length / 2);
                out.flush();
                if (pause(bodyDelay)) {
                    out.write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
                }
            }
        });
        server.start();
    }

    /** The base URL to configure, without {@code /v1/rerank}. */
    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    ScriptedRerankServer answers(int status, String body) {
        this.status = status;
        this.answer = body;
        return this;
    }

    ScriptedRerankServer answersAfter(Duration delay) {
        this.delay = delay;
        return this;
    }

    /** Sends the headers and half the answer at once, the rest only after the delay. */
    ScriptedRerankServer finishesAnswerAfter(Duration delay) {
        this.bodyDelay = delay;
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    Request lastRequest() {
        return requests.get(requests.size() - 1);
    }

    private static boolean pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }
}
