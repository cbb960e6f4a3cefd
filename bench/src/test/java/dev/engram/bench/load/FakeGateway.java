package dev.engram.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The three gateway endpoints a load run calls, served over real HTTP on a free port and kept in memory: adds
 * store ids per user (a known id is a duplicate), every {@code searchRejectEvery}-th search is answered 429,
 * and a user's episodes count as pending for their first {@code readsUntilIndexed} status reads.
 */
final class FakeGateway implements AutoCloseable {

    private final ObjectMapper json = new ObjectMapper();
    private final HttpServer server;
    // Enough threads for every request an open loop keeps in flight while answers are delayed.
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Set<String>> episodesByUser = new ConcurrentHashMap<>();
    private final Map<String, Long> lostByUser = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> statusReads = new ConcurrentHashMap<>();
    private final AtomicInteger addRequests = new AtomicInteger();
    private final Set<String> authorizations = ConcurrentHashMap.newKeySet();
    private final AtomicInteger searches = new AtomicInteger();
    private final int searchRejectEvery;
    private final int readsUntilIndexed;
    private final Duration answerDelay;

    FakeGateway(int searchRejectEvery, int readsUntilIndexed) {
        this(searchRejectEvery, readsUntilIndexed, Duration.ZERO);
    }

    /** @param answerDelay how long every add and search takes to be answered */
    FakeGateway(int searchRejectEvery, int readsUntilIndexed, Duration answerDelay) {
        this.searchRejectEvery = searchRejectEvery;
        this.readsUntilIndexed = readsUntilIndexed;
        this.answerDelay = answerDelay;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/v1/memories", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Episodes stored for a user. */
    int stored(String userId) {
        return episodesByUser.getOrDefault(userId, Set.of()).size();
    }

    /** How many {@code POST /v1/memories} requests came. */
    int addRequests() {
        return addRequests.get();
    }

    /** How many times the status of a user was read. */
    int statusReads(String userId) {
        AtomicInteger reads = statusReads.get(userId);
        return reads == null ? 0 : reads.get();
    }

    /** Makes the status of a user report {@code count} fewer episodes than were stored. */
    void lose(String userId, long count) {
        lostByUser.put(userId, count);
    }

    /** The distinct {@code Authorization} headers received, {@code "none"} for requests without one. */
    Set<String> authorizations() {
        return authorizations;
    }

    private void handle(HttpExchange exchange) throws IOException {
        authorizations.add(exchange.getRequestHeaders()
                .getOrDefault("Authorization", List.of("none"))
                .get(0));
        String path = exchange.getRequestURI().getPath();
        if (!path.equals("/v1/memories/status") && !answerDelay.isZero()) {
            try {
                Thread.sleep(answerDelay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (path.equals("/v1/memories") && exchange.getRequestMethod().equals("POST")) {
            add(exchange);
        } else if (path.equals("/v1/memories/search")) {
            exchange.getRequestBody().readAllBytes();
            boolean rejected = searches.incrementAndGet() % searchRejectEvery == 0;
            answer(exchange, rejected ? 429 : 200, rejected ? "{}" : "{\"episodic\":[],\"context\":\"\"}");
        } else if (path.equals("/v1/memories/status")) {
            String user = URLDecoder.decode(
                    exchange.getRequestURI().getRawQuery().substring("user_id=".length()), StandardCharsets.UTF_8);
            long stored = stored(user) - lostByUser.getOrDefault(user, 0L);
            int reads =
                    statusReads.computeIfAbsent(user, u -> new AtomicInteger()).incrementAndGet();
            long pending = reads <= readsUntilIndexed ? stored : 0;
            answer(
                    exchange,
                    200,
                    json.createObjectNode()
                            .put("user_id", user)
                            .put("stored", stored)
                            .put("indexed", stored - pending)
                            .put("pending", pending)
                            .toString());
        } else {
            answer(exchange, 404, "{}");
        }
    }

    private void add(HttpExchange exchange) throws IOException {
        addRequests.incrementAndGet();
        JsonNode body = json.readTree(exchange.getRequestBody());
        Set<String> stored =
                episodesByUser.computeIfAbsent(body.path("user_id").asText(), user -> ConcurrentHashMap.newKeySet());
        ObjectNode answer = json.createObjectNode();
        ArrayNode outcomes = answer.putArray("episodes");
        for (JsonNode episode : body.path("episodes")) {
            String id = episode.path("id").asText();
            outcomes.addObject().put("id", id).put("status", stored.add(id) ? "created" : "duplicate");
        }
        answer(exchange, 201, answer.toString());
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
