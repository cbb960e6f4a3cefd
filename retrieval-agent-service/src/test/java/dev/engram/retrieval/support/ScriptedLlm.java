package dev.engram.retrieval.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A local OpenAI-compatible chat endpoint for the agent's prompts. Each prompt kind (told apart by
 * a phrase of its system message) has a queue of scripted answers, the last one repeating; a
 * prompt kind may instead fail with an HTTP status or answer only after a delay. Every request is
 * recorded.
 */
public class ScriptedLlm {

    /** Phrases that identify the agent's three prompts. */
    public static final String ROUTE = "You route questions";

    public static final String SPLIT = "independent\nsingle-hop search queries";
    public static final String CHAIN = "step by step";

    public static final int PROMPT_TOKENS = 40;
    public static final int COMPLETION_TOKENS = 7;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One chat completion request as received. */
    public record Call(JsonNode body) {

        public String system() {
            return message("system");
        }

        public String user() {
            return message("user");
        }

        private String message(String role) {
            for (JsonNode message : body.path("messages")) {
                if (message.path("role").asText().equals(role)) {
                    return message.path("content").asText();
                }
            }
            return "";
        }
    }

    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<String>> answers = new ConcurrentHashMap<>();
    private volatile int failureStatus;
    private volatile long delayMillis;
    private HttpServer server;

    public int start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        return server.getAddress().getPort();
    }

    public void stop() {
        server.stop(0);
    }

    public void reset() {
        calls.clear();
        answers.clear();
        failureStatus = 0;
        delayMillis = 0;
    }

    /** Answers for the prompt identified by {@code prompt}, in turn; the last one repeats. */
    public void answer(String prompt, String... texts) {
        answers.put(prompt, new ArrayDeque<>(List.of(texts)));
    }

    /** Every following call fails with this HTTP status. */
    public void failWith(int status) {
        failureStatus = status;
    }

    /** Every following call answers only after this long. */
    public void delay(long millis) {
        delayMillis = millis;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The calls of one prompt kind. */
    public List<Call> calls(String prompt) {
        return calls.stream().filter(call -> call.system().contains(prompt)).toList();
    }

    private String next(Call call) {
        for (Map.Entry<String, Deque<String>> scripted : answers.entrySet()) {
            if (call.system().contains(scripted.getKey())) {
                Deque<String> queue = scripted.getValue();
                synchronized (queue) {
                    return queue.size() > 1 ? queue.poll() : queue.peek();
                }
            }
        }
        return "nothing scripted for this prompt";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            Call call = new Call(body);
            calls.add(call);
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (failureStatus != 0) {
                respond(exchange, failureStatus, Map.of("error", Map.of("message", "scripted failure")));
                return;
            }
            respond(
                    exchange,
                    200,
                    Map.of(
                            "id",
                            "chatcmpl-scripted",
                            "object",
                            "chat.completion",
                            "created",
                            1_700_000_000,
                            "model",
                            body.path("model").asText(),
                            "choices",
                            List.of(Map.of(
                                    "index",
                                    0,
                                    "message",
                                    Map.of("role", "assistant", "content", next(call)),
                                    "finish_reason",
                                    "stop")),
                            "usage",
                            Map.of(
                                    "prompt_tokens", PROMPT_TOKENS,
                                    "completion_tokens", COMPLETION_TOKENS,
                                    "total_tokens", PROMPT_TOKENS + COMPLETION_TOKENS)));
        }
    }

    private static void respond(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
