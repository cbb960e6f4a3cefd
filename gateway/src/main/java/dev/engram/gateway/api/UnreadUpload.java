package dev.engram.gateway.api;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * A request answered before its body was read (refused unauthenticated, or too large): the body would still be
 * streamed in, so over HTTP/1.x the connection is closed once the answer is sent. Over HTTP/2 (which clients such
 * as Java's HttpClient reach by upgrading a plain connection) ending the response resets only its stream, and a
 * {@code Connection} header or a closed connection would break every other stream of the connection, so neither
 * is used.
 */
public final class UnreadUpload {

    private UnreadUpload() {}

    /** Call before the answer is ended. */
    public static void closeAfterAnswer(RoutingContext routing) {
        if (routing.request().version() == HttpVersion.HTTP_2) {
            return;
        }
        routing.response().putHeader(HttpHeaderNames.CONNECTION, "close");
        routing.response().endHandler(sent -> routing.request().connection().close());
    }
}
