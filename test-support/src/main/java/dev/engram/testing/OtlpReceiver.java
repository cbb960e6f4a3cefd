package dev.engram.testing;

import com.google.protobuf.ByteString;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * A local OpenTelemetry collector for tests: it accepts spans over OTLP/HTTP with protobuf bodies ({@code POST
 * /v1/traces}, what Quarkus sends with {@code quarkus.otel.exporter.otlp.traces.protocol=http/protobuf}) and keeps
 * every one, so that a test can look at the traces the services really exported.
 */
public final class OtlpReceiver implements AutoCloseable {

    /** One exported span; ids in lower-case hex, {@code parentSpanId} empty for a trace's root. */
    public record ReceivedSpan(
            String service,
            String traceId,
            String spanId,
            String parentSpanId,
            String name,
            String kind,
            Map<String, String> attributes) {

        public boolean isServer() {
            return "SERVER".equals(kind);
        }

        public boolean isClient() {
            return "CLIENT".equals(kind);
        }

        @Override
        public String toString() {
            return service + " " + kind + " '" + name + "' " + spanId + " <- " + parentSpanId;
        }
    }

    private static final HexFormat HEX = HexFormat.of();

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    /** Listens on a free loopback port. */
    public static OtlpReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            OtlpReceiver receiver = new OtlpReceiver(server);
            server.createContext("/v1/traces", receiver::receive);
            server.setExecutor(Executors.newFixedThreadPool(2, runnable -> {
                Thread thread = new Thread(runnable, "otlp-receiver");
                thread.setDaemon(true);
                return thread;
            }));
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The base URL exporters are given ({@code quarkus.otel.exporter.otlp.traces.endpoint}). */
    public String endpoint() {
        return "http://" + server.getAddress().getHostString() + ":"
                + server.getAddress().getPort();
    }

    /** Every span received so far. */
    public List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    /** The spans of one trace received so far. */
    public List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    /**
     * The spans of the trace once they satisfy {@code complete}; fails with what was received after {@code
     * timeout} (exporters send in batches, so spans arrive a little after the request that made them).
     */
    public List<ReceivedSpan> awaitTrace(String traceId, Predicate<List<ReceivedSpan>> complete, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ReceivedSpan> trace = trace(traceId);
        while (!complete.test(trace)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("trace " + traceId + " still incomplete after " + timeout + ": " + trace
                        + (failures.isEmpty() ? "" : "; unreadable exports: " + failures));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            trace = trace(traceId);
        }
        return trace;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void receive(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            try (InputStream body = decoded(exchange)) {
                collect(ExportTraceServiceRequest.parseFrom(body));
            } catch (IOException | RuntimeException e) {
                failures.add(e.toString());
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            }
        }
    }

    private static InputStream decoded(HttpExchange exchange) throws IOException {
        InputStream body = exchange.getRequestBody();
        return "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                ? new GZIPInputStream(body)
                : body;
    }

    private void collect(ExportTraceServiceRequest request) {
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = text(resource.getResource().getAttributesList()).getOrDefault("service.name", "");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    spans.add(new ReceivedSpan(
                            service,
                            hex(span.getTraceId()),
                            hex(span.getSpanId()),
                            hex(span.getParentSpanId()),
                            span.getName(),
                            span.getKind().name().replace("SPAN_KIND_", ""),
                            text(span.getAttributesList())));
                }
            }
        }
    }

    private static Map<String, String> text(List<KeyValue> attributes) {
        Map<String, String> values = new LinkedHashMap<>();
        for (KeyValue attribute : attributes) {
            AnyValue value = attribute.getValue();
            values.put(
                    attribute.getKey(),
                    switch (value.getValueCase()) {
                        case STRING_VALUE -> value.getStringValue();
                        case INT_VALUE -> Long.toString(value.getIntValue());
                        case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
                        case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
                        default -> value.toString().trim();
                    });
        }
        return values;
    }

    private static String hex(ByteString bytes) {
        return HEX.formatHex(bytes.toByteArray());
    }
}
