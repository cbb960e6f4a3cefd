package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.testing.OtlpReceiver.ReceivedSpan;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One search through the gateway is one trace: it continues the caller's {@code traceparent}, names the trace in
 * its answer, and every service it passes through exports a server span in that trace, each the child of the
 * client span of the hop before it.
 */
@ExtendWith(RunningPlatform.class)
class SearchTraceIT {

    private static final String CALLER_TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final String CALLER_SPAN = "b7ad6b7169203331";
    private static final Set<String> SEARCH_HOPS =
            Set.of("engram-gateway", "engram-retrieval-agent-service", "engram-vector-service");

    @Test
    void one_search_is_one_trace_with_a_server_span_per_hop() throws InterruptedException {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("traced");
        tenant.gateway()
                .add(Conversations.request(
                        "nadia",
                        "garden/s1",
                        "nadia-s1",
                        Conversations.GARDENING,
                        Instant.parse("2023-05-08T13:56:00Z")));
        tenant.gateway().awaitIndexed("nadia", Duration.ofSeconds(60));

        Response answer = given().baseUri(tenant.gateway().url())
                .header("Authorization", "Bearer " + tenant.gateway().key())
                .header("traceparent", "00-" + CALLER_TRACE + "-" + CALLER_SPAN + "-01")
                .contentType(ContentType.JSON)
                .body(Map.of("user_id", "nadia", "query", "What is Nadia growing?", "top_k", 3))
                .post("/v1/memories/search");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.header("X-Trace-Id")).isEqualTo(CALLER_TRACE);
        List<ReceivedSpan> trace = platform.traces()
                .awaitTrace(CALLER_TRACE, spans -> servers(spans).containsAll(SEARCH_HOPS), Duration.ofSeconds(30));

        ReceivedSpan entry = trace.stream()
                .filter(span -> span.isServer() && span.service().equals("engram-gateway"))
                .findFirst()
                .orElseThrow();
        assertThat(entry.parentSpanId())
                .as("the gateway continues the caller's span")
                .isEqualTo(CALLER_SPAN);
        assertThat(entry.name()).contains("/v1/memories/search");
        Map<String, ReceivedSpan> byId =
                trace.stream().collect(Collectors.toMap(ReceivedSpan::spanId, span -> span, (a, b) -> a));
        for (ReceivedSpan server : trace.stream()
                .filter(span -> span.isServer() && !span.equals(entry))
                .toList()) {
            ReceivedSpan caller = byId.get(server.parentSpanId());
            assertThat(caller).as("the caller of %s is in the trace", server).isNotNull();
            assertThat(caller.isClient())
                    .as("%s is called by a client span", server)
                    .isTrue();
            assertThat(caller.service())
                    .as("%s is called by another service", server)
                    .isNotEqualTo(server.service());
        }
    }

    private static Set<String> servers(List<ReceivedSpan> spans) {
        return spans.stream()
                .filter(ReceivedSpan::isServer)
                .map(ReceivedSpan::service)
                .collect(Collectors.toSet());
    }
}
