package dev.engram.gateway.observability;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Gives every answer the id of its trace ({@value #TRACE_HEADER}), so that a caller who reports a problem can
 * name the request and an operator can find its spans and log lines, and writes one access log line per request
 * once the answer is sent: method, path, status, bytes, milliseconds and trace id.
 *
 * <p>The lines go to the category {@value #CATEGORY}; probes and scrapes ({@code /q/...}) are logged at DEBUG,
 * so that a Kubernetes liveness probe does not fill the log. Query strings are not logged: they may carry ids.
 */
@ApplicationScoped
public class AccessLog {

    public static final String TRACE_HEADER = "X-Trace-Id";
    public static final String CATEGORY = "engram.access";

    private static final Logger LOG = Logger.getLogger(CATEGORY);
    /** Before every other route, so that even an answer a filter gives (401, 413) carries the trace id. */
    private static final int FIRST = Integer.MIN_VALUE + 100;

    void register(@Observes Router router) {
        router.route().order(FIRST).handler(this::handle);
    }

    private void handle(RoutingContext routing) {
        long started = System.nanoTime();
        SpanContext span = Span.current().getSpanContext();
        String traceId = span.isValid() ? span.getTraceId() : "";
        if (!traceId.isEmpty()) {
            routing.response().putHeader(TRACE_HEADER, traceId);
        }
        routing.addEndHandler(ended -> log(routing, started, traceId));
        routing.next();
    }

    private static void log(RoutingContext routing, long started, String traceId) {
        HttpServerRequest request = routing.request();
        Logger.Level level = request.path().startsWith("/q/") ? Logger.Level.DEBUG : Logger.Level.INFO;
        if (!LOG.isEnabled(level)) {
            return;
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        LOG.logf(
                level,
                "%s %s %d %d bytes %d ms trace=%s",
                request.method(),
                request.path(),
                routing.response().getStatusCode(),
                routing.response().bytesWritten(),
                millis,
                traceId);
    }
}
