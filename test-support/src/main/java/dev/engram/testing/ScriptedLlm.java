package dev.engram.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A local OpenAI-compatible endpoint that answers every chat completion with a scripted text (one
 * text, or one chosen per request), or fails with a scripted HTTP status, optionally after a delay,
 * and records what it was asked. Every answer reports the same token usage.
 */
public class ScriptedLlm {

    public static final int PROMPT_TOKENS = 40;
    public static final int COMPLETION_TOKENS = 7;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One chat completion request as received. */
    public record Call(String authorization, JsonNode body) {

        public String model() {
            return body.path("model").asText();
        }

        /** Every message of the request, system and user, joined. */
        public String prompt() {
            StringBuilder prompt = new StringBuilder();
            body.path("messages")
                    .forEach(message ->
                            prompt.append(message.path("content").asText()).append('\n'));
            return prompt.toString();
        }

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
    private volatile Function<Call, String> answers;
    private volatile int failureStatus;
    private volatile long delayMillis;
    private HttpServer server;

    /** An endpoint that answers {@code answer} until told otherwise. */
    public ScriptedLlm(String answer) {
        this(call -> answer);
    }

    /** An endpoint that answers each call with what {@code answers} makes of it. */
    public ScriptedLlm(Function<Call, String> answers) {
        this.answers = answers;
    }

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

    /** Forgets the calls and any scripted failure or delay. */
    public void reset() {
        calls.clear();
        failureStatus = 0;
        delayMillis = 0;
    }

    public void answer(String text) {
        answer(call -> text);
    }

    /** Every following call is answered with what {@code answers} makes of it. */
    public void answer(Function<Call, String> answers) {
        this.answers = answers;
        this.failureStatus = 0;
    }

    /** Every following call fails with this HTTP status. */
    public void failWith(int status) {
        this.failureStatus = status;
    }

    /** Every following call answers only after this long. */
    public void delay(long millis) {
        this.delayMillis = millis;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The calls whose prompt contains {@code text}. */
    public List<Call> callsMentioning(String text) {
        return calls.stream().filter(call -> call.prompt().contains(text)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            if (!exchange.getRequestURI().getPath().endsWith("/chat/completions")) {
                respond(exchange, 404, Map.of("error", Map.of("message", "not scripted")));
                return;
            }
            Call call = new Call(exchange.getRequestHeaders().getFirst("Authorization"), body);
            calls.add(call);
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            int status = failureStatus;
            if (status != 0) {
                respond(exchange, status, Map.of("error", Map.of("message", "scripted failure")));
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
                            call.model(),
                            "choices",
                            List.of(Map.of(
                                    "index",
                                    0,
                                    "message",
                                    Map.of("role", "assistant", "content", answers.apply(call)),
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
