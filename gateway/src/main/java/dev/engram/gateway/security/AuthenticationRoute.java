package dev.engram.gateway.security;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.gateway.api.Problems;
import dev.engram.gateway.api.UnreadUpload;
import dev.engram.gateway.config.AuthConfig;
import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.Problem;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Authenticates every {@code /v1} request before its body is read, so that a caller without a valid key cannot
 * make the gateway read (or parse) a large body: 401 without a valid key, 403 when the key lacks the scope the
 * request needs, 429 with {@code Retry-After} when the key is over its rate. The caller is left in the routing
 * context for the resources ({@link #caller(RoutingContext)}).
 */
@ApplicationScoped
public class AuthenticationRoute {

    private static final Logger LOG = Logger.getLogger(AuthenticationRoute.class);
    private static final String CALLER_KEY = "engram.caller";
    /** The MCP server's endpoint ({@code quarkus.mcp.server.http.root-path}). */
    private static final String MCP_PATH = "/mcp";

    private final AuthConfig config;
    private final Authenticator authenticator;
    private final RateLimiter rateLimiter;
    private final Caller localCaller;
    private final ProblemBodies problems;

    public AuthenticationRoute(
            AuthConfig config,
            GatewayConfig gateway,
            Authenticator authenticator,
            RateLimiter rateLimiter,
            ObjectMapper json) {
        this.config = config;
        this.authenticator = authenticator;
        this.rateLimiter = rateLimiter;
        this.localCaller = Caller.unauthenticated(gateway.project());
        this.problems = new ProblemBodies(json);
    }

    /** The caller of a request that passed this route. */
    public static Caller caller(RoutingContext routing) {
        Caller caller = routing.get(CALLER_KEY);
        if (caller == null) {
            throw new IllegalStateException("request did not pass authentication");
        }
        return caller;
    }

    /** The caller of a request, when it passed this route (an MCP tool call's request may not be known). */
    public static Optional<Caller> callerOf(RoutingContext routing) {
        return routing == null ? Optional.empty() : Optional.ofNullable(routing.get(CALLER_KEY));
    }

    void register(@Observes Router router) {
        // Before the body size check and the body itself: an unauthenticated upload is refused unread.
        router.route("/v1/*").order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2).handler(this::handle);
        router.route(MCP_PATH)
                .order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2)
                .handler(this::handle);
        router.route(MCP_PATH + "/*")
                .order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2)
                .handler(this::handle);
    }

    private void handle(RoutingContext routing) {
        if (!config.enabled()) {
            admit(routing, localCaller);
            return;
        }
        Context context = Vertx.currentContext();

        authenticator
                .authenticate(routing.request().getHeader(HttpHeaderNames.AUTHORIZATION))
                .emitOn(task -> context.runOnContext(ignored -> task.run()))
                .subscribe()
                .with(caller -> decide(routing, caller), failure -> storeUnavailable(routing, failure));
    }

    private void decide(RoutingContext routing, Optional<Caller> authenticated) {
        if (authenticated.isEmpty()) {
            reject(routing, 401, problems.unauthorized(), HttpHeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"engram\"");
            return;
        }
        Caller caller = authenticated.get();
        String method = routing.request().method().name();
        Scope required = AccessRule.requiredScope(method, routing.normalizedPath());
        if (!AccessRule.permits(caller, method, routing.normalizedPath())) {
            reject(routing, 403, problems.forbidden(required), null, null);
            return;
        }
        Optional<Duration> wait = rateLimiter.acquire(caller.keyId());
        if (wait.isPresent()) {
            long seconds = Math.max(1, (long) Math.ceil(wait.get().toMillis() / 1000.0));
            reject(
                    routing,
                    429,
                    problems.tooManyRequests(seconds),
                    HttpHeaderNames.RETRY_AFTER,
                    String.valueOf(seconds));
            return;
        }
        admit(routing, caller);
    }

    private static void admit(RoutingContext routing, Caller caller) {
        routing.put(CALLER_KEY, caller);
        routing.next();
    }

    private void storeUnavailable(RoutingContext routing, Throwable failure) {
        LOG.warnf("API keys could not be read: %s", failure.toString());
        reject(routing, 503, problems.keysUnavailable(), HttpHeaderNames.RETRY_AFTER, "2");
    }

    /** Answers with the problem, and with one more header when {@code header} is given. */
    private static void reject(
            RoutingContext routing, int status, byte[] body, CharSequence header, CharSequence headerValue) {
        var response =
                routing.response().setStatusCode(status).putHeader(HttpHeaderNames.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (header != null) {
            response.putHeader(header, headerValue);
        }
        // The body was never read: answer and close rather than drain an upload nobody will use.
        if (routing.request().headers().contains(HttpHeaderNames.CONTENT_LENGTH)
                || routing.request().headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            UnreadUpload.closeAfterAnswer(routing);
        }
        response.end(Buffer.buffer(body));
    }

    /** The problem documents of this route, rendered once where they do not vary. */
    private static final class ProblemBodies {

        private final ObjectMapper json;
        private final byte[] unauthorized;
        private final byte[] keysUnavailable;

        ProblemBodies(ObjectMapper json) {
            this.json = json;
            this.unauthorized = render(
                    401, "unauthorized", "Unauthorized", "A valid API key is required: Authorization: Bearer <key>.");
            this.keysUnavailable = render(
                    503,
                    "unavailable",
                    "Service Unavailable",
                    "API keys cannot be checked right now; retry after the Retry-After delay.");
        }

        byte[] unauthorized() {
            return unauthorized;
        }

        byte[] keysUnavailable() {
            return keysUnavailable;
        }

        byte[] forbidden(Scope required) {
            return render(
                    403,
                    "forbidden",
                    "Forbidden",
                    "This API key lacks the '" + required.wireName() + "' scope this request needs.");
        }

        byte[] tooManyRequests(long seconds) {
            return render(
                    429,
                    "rate-limited",
                    "Too Many Requests",
                    "This API key is over its request rate; retry in " + seconds + " s.");
        }

        private byte[] render(int status, String type, String title, String detail) {
            try {
                return json.writeValueAsBytes(
                        Problems.of(status, type, title, detail).getEntity());
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
