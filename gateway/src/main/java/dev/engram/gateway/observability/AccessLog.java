package dev.engram.gateway.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.quarkus.opentelemetry.runtime.QuarkusContextStorage;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Vertx;
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
 * <p>The server span of a request is normally started by Quarkus' HTTP instrumentation before any route runs.
 * On some starts one event loop's connections come without it (a race in the instrumentation's start-up: every
 * request on that loop lost its trace, seen on the packaged gateway as well as in tests); then this route starts
 * the server span itself, continuing an incoming {@code traceparent}, and makes it current for the rest of the
 * request, so that the calls to the services below stay in the caller's trace either way.
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

    private static final TextMapGetter<HttpServerRequest> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(HttpServerRequest request) {
            return request.headers().names();
        }

        @Override
        public String get(HttpServerRequest request, String key) {
            return request == null ? null : request.getHeader(key);
        }
    };

    private final OpenTelemetry openTelemetry;
    private final Tracer tracer;

    public AccessLog(OpenTelemetry openTelemetry) {
        this.openTelemetry = openTelemetry;
        this.tracer = openTelemetry.getTracer("engram-gateway");
    }

    void register(@Observes Router router) {
        router.route().order(FIRST).handler(this::handle);
    }

    private void handle(RoutingContext routing) {
        long started = System.nanoTime();
        io.vertx.core.Context vertxContext = Vertx.currentContext();
        boolean onItsOwnContext = vertxContext != null && VertxContext.isDuplicatedContext(vertxContext);
        Span current = onItsOwnContext ? serverSpanOfThisRequest() : Span.getInvalid();
        Span own = current.getSpanContext().isValid()
                ? null
                : startServerSpan(routing.request(), onItsOwnContext ? vertxContext : null);
        SpanContext span = own != null ? own.getSpanContext() : current.getSpanContext();
        String traceId = span.isValid() ? span.getTraceId() : "";
        if (!traceId.isEmpty()) {
            routing.response().putHeader(TRACE_HEADER, traceId);
        }
        routing.addEndHandler(ended -> {
            if (own != null) {
                int status = routing.response().getStatusCode();
                own.setAttribute("http.response.status_code", status);
                if (status >= 500) {
                    own.setStatus(StatusCode.ERROR);
                }
                own.end();
            }
            log(routing, started, traceId);
        });
        routing.next();
    }

    /**
     * The span the instrumentation started for this request, or an invalid one; asked only on the request's own
     * (duplicated) Vert.x context, since elsewhere the current span comes from the thread and may be left over from
     * an earlier request. So may an ended span (this request's span stays open until its answer is sent),
     * and a server span whose parent is a local span: a request's server span starts a trace or continues the
     * caller's, so a local parent means it was started inside a context an earlier request left behind. Taking
     * any of them would give the answer another request's trace id.
     */
    private static Span serverSpanOfThisRequest() {
        Span span = Span.current();
        if (span instanceof ReadableSpan readable) {
            SpanContext parent = readable.getParentSpanContext();
            if (readable.hasEnded() || (parent.isValid() && !parent.isRemote())) {
                return Span.getInvalid();
            }
        }
        return span;
    }

    /**
     * A server span for a request the instrumentation left without one. It is made current for the rest of the
     * request only on the request's own (duplicated) Vert.x context, {@code requestContext} ({@code null} when it
     * runs on none): made current elsewhere, it would outlive the request on the event loop. Either way the answer and the log line carry its trace id.
     */
    private Span startServerSpan(HttpServerRequest request, io.vertx.core.Context requestContext) {
        Context parent =
                openTelemetry.getPropagators().getTextMapPropagator().extract(Context.root(), request, HEADERS);
        Span span = tracer.spanBuilder(request.method() + " " + request.path())
                .setParent(parent)
                .setSpanKind(SpanKind.SERVER)
                .setAttribute("http.request.method", request.method().name())
                .setAttribute("url.path", request.path())
                .startSpan();
        if (requestContext != null) {
            QuarkusContextStorage.INSTANCE.attach(requestContext, parent.with(span));
        }
        return span;
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
