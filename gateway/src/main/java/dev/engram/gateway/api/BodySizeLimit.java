package dev.engram.gateway.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.gateway.model.Problem;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Quarkus answers a body over {@code quarkus.http.limits.max-body-size} with an empty 413 before any
 * resource runs. This route runs just before that check and gives the same answer as a problem document.
 */
@ApplicationScoped
public class BodySizeLimit {

    private final long maxBodySize;
    private final byte[] problem;

    public BodySizeLimit(
            @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize, ObjectMapper json)
            throws JsonProcessingException {
        this.maxBodySize = maxBodySize.asLongValue();
        this.problem = json.writeValueAsBytes(Problems.forStatus(413).getEntity());
    }

    void register(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        String length = context.request().getHeader(HttpHeaderNames.CONTENT_LENGTH);
        if (length == null || !isOverLimit(length)) {
            context.next();
            return;
        }
        // The unread body would otherwise still be streamed in: close the connection after answering.
        context.response().endHandler(sent -> context.request().connection().close());
        context.response()
                .setStatusCode(413)
                .putHeader(HttpHeaderNames.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaderNames.CONNECTION, "close")
                .end(Buffer.buffer(problem));
    }

    private boolean isOverLimit(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > maxBodySize;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
