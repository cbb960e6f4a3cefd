package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServiceTimersTest {

    private HttpServer server;
    private final AtomicReference<String> agentMetrics = new AtomicReference<>("");

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/q/metrics", exchange -> {
            String metrics = agentMetrics.get();
            if (metrics == null) {
                exchange.sendResponseHeaders(503, -1);
                exchange.close();
                return;
            }
            byte[] body = metrics.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void the_timers_that_ran_between_two_readings_are_shared_out_per_search() {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("gateway", "http://127.0.0.1:1");
        urls.put(
                "retrieval-agent-service",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/");
        ServiceTimers timers = ServiceTimers.of(urls);

        agentMetrics.set(metrics(21, 0.80, 10, 0.20));
        var before = timers.snapshot();
        agentMetrics.set(metrics(42, 1.01, 20, 0.25));
        List<TimerShare> shares = timers.perSearch(before, timers.snapshot(), 10);

        // The gateway did not answer (nothing listens on port 1), and the idle timer did not run: neither is listed.
        assertThat(shares)
                .extracting(TimerShare::timer)
                .containsExactly(
                        "engram_retrieval_stage{stage=vector_search}", "engram_retrieval_stage{stage=context}");
        TimerShare vector = shares.get(0);
        assertThat(vector.service()).isEqualTo("retrieval-agent-service");
        assertThat(vector.callsPerSearch()).isCloseTo(2.1, within(1e-9));
        assertThat(vector.msPerCall()).isCloseTo(10.0, within(1e-9));
        assertThat(vector.msPerSearch()).isCloseTo(21.0, within(1e-9));
        assertThat(shares.get(1).msPerCall()).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void a_service_read_only_after_the_pass_is_left_out_rather_than_charged_with_its_whole_life() {
        ServiceTimers timers = ServiceTimers.of(Map.of(
                "retrieval-agent-service",
                "http://127.0.0.1:" + server.getAddress().getPort()));

        agentMetrics.set(null);
        var before = timers.snapshot();
        agentMetrics.set(metrics(42, 1.01, 20, 0.25));

        assertThat(timers.perSearch(before, timers.snapshot(), 10)).isEmpty();
    }

    @Test
    void a_timer_that_went_back_because_its_service_restarted_is_left_out() {
        ServiceTimers timers = ServiceTimers.of(Map.of(
                "retrieval-agent-service",
                "http://127.0.0.1:" + server.getAddress().getPort()));

        agentMetrics.set(metrics(42, 1.01, 20, 0.25));
        var before = timers.snapshot();
        agentMetrics.set(metrics(50, 0.30, 25, 0.30));

        assertThat(timers.perSearch(before, timers.snapshot(), 10))
                .extracting(TimerShare::timer)
                .containsExactly("engram_retrieval_stage{stage=context}");
    }

    @Test
    void series_that_differ_only_by_outcome_are_one_timer_and_other_metrics_are_left_out() {
        String text = """
                # TYPE grpc_server_processing_duration_seconds summary
                grpc_server_processing_duration_seconds_count{method="Search",methodType="UNARY",service="engram.v1.VectorService",statusCode="OK"} 4.0 # {span_id="6d31"} 1.0 1796433106.608
                grpc_server_processing_duration_seconds_sum{method="Search",methodType="UNARY",service="engram.v1.VectorService",statusCode="OK"} 0.04
                grpc_server_processing_duration_seconds_count{method="Search",methodType="UNARY",service="engram.v1.VectorService",statusCode="INVALID_ARGUMENT"} 1.0
                grpc_server_processing_duration_seconds_sum{method="Search",methodType="UNARY",service="engram.v1.VectorService",statusCode="INVALID_ARGUMENT"} 0.01
                http_server_requests_seconds_count{method="POST",outcome="SUCCESS",status="200",uri="/engram.v1.VectorService/Search"} 5.0
                http_server_requests_seconds_sum{method="POST",outcome="SUCCESS",status="200",uri="/engram.v1.VectorService/Search"} 0.06
                http_server_requests_seconds_count{method="POST",outcome="SUCCESS",status="200",uri="/v1/memories/search"} 2.0
                http_server_requests_seconds_sum{method="POST",outcome="SUCCESS",status="200",uri="/v1/memories/search"} 0.03
                http_server_requests_seconds_count{method="GET",outcome="SUCCESS",status="200",uri="/v1/users/{user_id}/profile"} 1.0
                http_server_requests_seconds_sum{method="GET",outcome="SUCCESS",status="200",uri="/v1/users/{user_id}/profile"} 0.002
                jvm_gc_pause_seconds_count{action="end of minor GC"} 7.0
                jvm_gc_pause_seconds_sum{action="end of minor GC"} 0.5
                engram_vector_search_seconds_count 3.0
                engram_vector_search_seconds_sum 0.021
                """;
        Map<ServiceTimers.TimerKey, ServiceTimers.Totals> totals = new HashMap<>();
        ServiceTimers.parse("vector-service", text, totals);

        assertThat(totals)
                .containsOnlyKeys(
                        new ServiceTimers.TimerKey("vector-service", "grpc_server_processing_duration{method=Search}"),
                        new ServiceTimers.TimerKey(
                                "vector-service", "http_server_requests{method=POST,uri=/v1/memories/search}"),
                        new ServiceTimers.TimerKey(
                                "vector-service", "http_server_requests{method=GET,uri=/v1/users/{user_id}/profile}"),
                        new ServiceTimers.TimerKey("vector-service", "engram_vector_search"));
        ServiceTimers.Totals search = totals.get(
                new ServiceTimers.TimerKey("vector-service", "grpc_server_processing_duration{method=Search}"));
        assertThat(search.count()).isEqualTo(5.0);
        assertThat(search.seconds()).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void without_services_there_is_no_breakdown() {
        ServiceTimers none = ServiceTimers.none();
        assertThat(none.perSearch(none.snapshot(), none.snapshot(), 383)).isEmpty();
    }

    private static String metrics(int vectorCalls, double vectorSeconds, int contextCalls, double contextSeconds) {
        return String.format(java.util.Locale.ROOT, """
                engram_retrieval_stage_seconds_count{stage="vector_search"} %d.0
                engram_retrieval_stage_seconds_sum{stage="vector_search"} %s
                engram_retrieval_stage_seconds_count{stage="context"} %d.0
                engram_retrieval_stage_seconds_sum{stage="context"} %s
                engram_retrieval_stage_seconds_count{stage="short_term"} 3.0
                engram_retrieval_stage_seconds_sum{stage="short_term"} 0.5
                """, vectorCalls, vectorSeconds, contextCalls, contextSeconds);
    }
}
