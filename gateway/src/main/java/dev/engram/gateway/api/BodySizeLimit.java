package dev.engram.gateway.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.Problem;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.quarkus.vertx.http.runtime.VertxHttpRecorder;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Quarkus answers a body over {@code quarkus.http.limits.max-body-size} with an empty 413 before any
 * resource runs. This route runs just before that check and gives the same answer as a problem document.
 * Searches and profile edits get their own, smaller limits ({@code engram.gateway.limits.max-search-body-size},
 * {@code max-profile-body-size}): the general limit is sized for a batch of episodes, and their bodies are
 * parsed on the event loop.
 */
@ApplicationScoped
public class BodySizeLimit {

    private static final String SEARCH_PATH = "/v1/memories/search";
    private static final String PROFILE_PATHS = "/v1/users/";

    private final long maxBodySize;
    private final long maxSearchBodySize;
    private final long maxProfileBodySize;
    private final byte[] problem;

    public BodySizeLimit(
            @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize,
            GatewayConfig config,
            ObjectMapper json)
            throws JsonProcessingException {
        this.maxBodySize = maxBodySize.asLongValue();
        this.maxSearchBodySize =
                Math.min(this.maxBodySize, config.limits().maxSearchBodySize().asLongValue());
        this.maxProfileBodySize =
                Math.min(this.maxBodySize, config.limits().maxProfileBodySize().asLongValue());
        this.problem = json.writeValueAsBytes(Problems.forStatus(413).getEntity());
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
        router.route(SEARCH_PATH)
                .order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT + 1)
                .handler(context -> limitChunked(context, maxSearchBodySize));
        router.route(PROFILE_PATHS + "*")
                .order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT + 1)
                .handler(context -> limitChunked(context, maxProfileBodySize));
    }

    /** The body limit of a path. */
    long limitOf(String path) {
        if (SEARCH_PATH.equals(path)) {
            return maxSearchBodySize;
        }
        return path != null && path.startsWith(PROFILE_PATHS) ? maxProfileBodySize : maxBodySize;
    }

    private void check(RoutingContext context) {
        String length = context.request().getHeader(HttpHeaderNames.CONTENT_LENGTH);
        long limit = limitOf(context.normalizedPath());
        if (length == null || !isOverLimit(length, limit)) {
            context.next();
            return;
        }
        tooLarge(context);
    }

    private void tooLarge(RoutingContext context) {
        UnreadUpload.closeAfterAnswer(context);
        context.response()
                .setStatusCode(413)
                .putHeader(HttpHeaderNames.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(Buffer.buffer(problem));
    }

    /**
     * A body without Content-Length is counted while it is read, against the limit Quarkus leaves in the
     * context for it (then the answer is Quarkus's plain 413): lower that limit for searches and profile edits.
     */
    private static void limitChunked(RoutingContext context, long limit) {
        if (context.get(VertxHttpRecorder.MAX_REQUEST_SIZE_KEY) != null) {
            context.put(VertxHttpRecorder.MAX_REQUEST_SIZE_KEY, limit);
        }
        context.next();
    }

    private static boolean isOverLimit(String contentLength, long limit) {
        try {
            return Long.parseLong(contentLength.trim()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
