package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateway names the trace of every answer in {@code X-Trace-Id}, whether or not the caller sent a
 * {@code traceparent} and whether the answer came from a resource or from a filter before it, and writes one
 * access log line per request without its query string. Checked on the running gateway process and its log file,
 * as an operator would see them.
 */
@ExtendWith(RunningPlatform.class)
class AccessLogIT {

    private static final String TRACE_HEADER = "X-Trace-Id";
    private static final String CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    private final RunningPlatform platform = RunningPlatform.get();

    @Test
    void every_answer_names_a_trace_of_its_own() {
        String first =
                given().baseUri(platform.gatewayUrl()).get("/q/health/live").header(TRACE_HEADER);
        String second = given().baseUri(platform.gatewayUrl())
                .get("/v1/memories/status?user_id=u")
                .header(TRACE_HEADER);

        assertThat(first).matches("[0-9a-f]{32}");
        assertThat(second)
                .as("a 401 from the key check")
                .matches("[0-9a-f]{32}")
                .isNotEqualTo(first);
    }

    @Test
    void an_incoming_traceparent_is_continued() {
        String traceId = given().baseUri(platform.gatewayUrl())
                .header("traceparent", "00-" + CALLER_TRACE + "-00f067aa0ba902b7-01")
                .get("/q/health/live")
                .header(TRACE_HEADER);

        assertThat(traceId).isEqualTo(CALLER_TRACE);
    }

    @Test
    void a_refused_request_is_logged_with_its_status_and_trace_without_its_query() throws IOException {
        Gateway gateway = platform.gateway();
        String traceId = given().baseUri(gateway.url())
                .header("Authorization", "Bearer " + gateway.key())
                .contentType(ContentType.JSON)
                .body("{\"query\": 7}")
                .post("/v1/memories/search?token=secret")
                .then()
                .statusCode(400)
                .extract()
                .header(TRACE_HEADER);

        assertThat(traceId).matches("[0-9a-f]{32}");
        String line = awaitLine(traceId);
        assertThat(line).contains("POST /v1/memories/search 400 ").doesNotContain("secret");
        assertThat(line).matches(".* \\d+ bytes \\d+ ms trace=" + traceId);
    }

    private String awaitLine(String traceId) throws IOException {
        // The line is written once the answer is sent, which may be just after the client has read it.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> line;
            try (var lines = Files.lines(platform.logFile(ServiceKind.GATEWAY), StandardCharsets.UTF_8)) {
                line = lines.filter(l -> l.contains("engram.access") || l.contains("eng.access"))
                        .filter(l -> l.endsWith("trace=" + traceId))
                        .findFirst();
            }
            if (line.isPresent()) {
                return line.get();
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("no access log line for trace " + traceId);
    }
}
