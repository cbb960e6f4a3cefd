package dev.engram.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client's wire behaviour against a local stand-in of the gateway: retries, problems, no answer. */
class EngramTest {

    private record Scripted(int status, String retryAfter, String body) {}

    private final Deque<Scripted> answers = new ArrayDeque<>();
    private final List<String> seen = new ArrayList<>();
    private HttpServer server;
    private Engram engram;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            Scripted answer = answers.removeFirst();
            if (answer.retryAfter() != null) {
                exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
            }
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        engram = Engram.builder()
                .url("http://127.0.0.1:" + server.getAddress().getPort())
                .apiKey("egk_key")
                .retries(2)
                .build();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_429_and_a_503_are_retried_after_their_retry_after() {
        answers.add(new Scripted(429, "0", "{\"title\":\"Too Many Requests\"}"));
        answers.add(new Scripted(503, "0", "{\"title\":\"Service Unavailable\"}"));
        answers.add(
                new Scripted(200, null, "{\"user_id\":\"u 1\",\"stored\":2,\"indexed\":1,\"pending\":1,\"new\":true}"));

        Model.MemoryStatus status = engram.status("u 1");

        assertThat(status).isEqualTo(new Model.MemoryStatus("u 1", 2, 1, 1));
        assertThat(seen)
                .hasSize(3)
                .allSatisfy(
                        request -> assertThat(request).isEqualTo("GET /v1/memories/status?user_id=u+1 Bearer egk_key"));
    }

    @Test
    void a_problem_becomes_an_exception_with_every_field() {
        answers.add(new Scripted(
                400,
                null,
                "{\"title\":\"Invalid request\",\"status\":400,\"detail\":\"2 fields are invalid; see errors.\","
                        + "\"errors\":[{\"field\":\"top_k\",\"message\":\"must be between 1 and 100\"},"
                        + "{\"field\":\"mode\",\"message\":\"must be one of auto, direct\"}]}"));

        EngramException refused = catchThrowableOfType(EngramException.class, () -> engram.search("u", "q", 0));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.errors())
                .containsExactly(
                        new EngramException.FieldError("top_k", "must be between 1 and 100"),
                        new EngramException.FieldError("mode", "must be one of auto, direct"));
        assertThat(refused.getMessage()).contains("top_k: must be between 1 and 100");
    }

    @Test
    void retries_end_with_the_last_refusal_and_no_answer_is_status_0() {
        for (int i = 0; i < 3; i++) {
            answers.add(new Scripted(503, "0", "{\"title\":\"Service Unavailable\",\"status\":503}"));
        }
        assertThat(catchThrowableOfType(EngramException.class, () -> engram.status("u"))
                        .status())
                .isEqualTo(503);
        assertThat(seen).hasSize(3);

        Engram nowhere = Engram.builder()
                .url("http://127.0.0.1:9")
                .timeout(Duration.ofSeconds(2))
                .build();
        assertThat(catchThrowableOfType(EngramException.class, () -> nowhere.status("u"))
                        .status())
                .isZero();
    }
}
