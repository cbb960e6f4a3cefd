package dev.engram.gateway.observability;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.gateway.fake.FakeDownstream;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class AccessLogTest {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    private final Logger accessLog = Logger.getLogger(AccessLog.CATEGORY);
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(String.format(record.getMessage(), record.getParameters()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void captureTheAccessLog() {
        accessLog.addHandler(capture);
    }

    @AfterEach
    void stopCapturing() {
        accessLog.removeHandler(capture);
    }

    @Test
    void every_answer_names_its_trace_on_every_connection() {
        // Each request comes on a connection of its own, so that every event loop serves some of them: the
        // instrumentation has been seen to leave one loop's requests without a span.
        for (int i = 0; i < 8; i++) {
            String traceId = given().header("Connection", "close")
                    .get("/q/health/live")
                    .then()
                    .extract()
                    .header(AccessLog.TRACE_HEADER);

            assertThat(traceId).as("request %d", i).matches("[0-9a-f]{32}");
        }
    }

    @Test
    void an_incoming_traceparent_is_continued_and_its_trace_id_returned_on_every_connection() {
        for (int i = 0; i < 8; i++) {
            String traceId = given().header("Connection", "close")
                    .header("traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01")
                    .get("/q/health/live")
                    .then()
                    .extract()
                    .header(AccessLog.TRACE_HEADER);

            assertThat(traceId).as("request %d", i).isEqualTo(TRACE_ID);
        }
    }

    @Test
    void a_refused_request_is_logged_with_its_status_and_trace_without_its_query() {
        String traceId = given().contentType("application/json")
                .body("{\"query\": 7}")
                .post("/v1/memories/search?token=secret")
                .then()
                .statusCode(400)
                .extract()
                .header(AccessLog.TRACE_HEADER);

        assertThat(traceId).matches("[0-9a-f]{32}");
        String line = awaitLine(traceId);
        assertThat(line).startsWith("POST /v1/memories/search 400 ").doesNotContain("secret");
        assertThat(line).matches(".* \\d+ bytes \\d+ ms trace=" + traceId);
    }

    private String awaitLine(String traceId) {
        // The line is written once the answer is sent, which may be just after the client has read it.
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : lines) {
                if (line.endsWith("trace=" + traceId)) {
                    return line;
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("no access log line for trace " + traceId + " among " + lines);
    }
}
