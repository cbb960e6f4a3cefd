package dev.engram.gateway.api;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * A request answered before its body was read (refused unauthenticated, or too large): the body would still be
 * streamed in, so over HTTP/1.x the connection is closed once the answer is sent. Over HTTP/2 (which clients such
 * as Java's HttpClient reach by upgrading a plain connection) ending the response resets only its stream, and a
 * {@code Connection} header or a closed connection would break every other stream of the connection, so neither
 * is used.
 *
 * <p>The connection is not closed the moment the answer is sent: a socket closed with unread bytes in it is
 * reset, and a reset can discard the answer before the client has read it, so the client sees a broken
 * connection instead of a 401 or a 413. What the client is still sending is read and dropped until its body
 * ends, for at most {@link #LINGER_MILLIS}; then the connection is closed.
 */
public final class UnreadUpload {

    /** Long enough for a client on the same network to finish sending what it had started. */
    static final long LINGER_MILLIS = 1_000;

    private UnreadUpload() {}

    /** Call before the answer is ended. */
    public static void closeAfterAnswer(RoutingContext routing) {
        if (routing.request().version() == HttpVersion.HTTP_2) {
            return;
        }
        routing.response().putHeader(HttpHeaderNames.CONNECTION, "close");
        routing.response().endHandler(sent -> lingerThenClose(routing));
    }

    private static void lingerThenClose(RoutingContext routing) {
        HttpServerRequest request = routing.request();
        HttpConnection connection = request.connection();
        if (request.isEnded()) {
            connection.close();
            return;
        }
        long timer = routing.vertx().setTimer(LINGER_MILLIS, expired -> connection.close());
        try {
            request.handler(dropped -> {});
            request.endHandler(ended -> {
                routing.vertx().cancelTimer(timer);
                connection.close();
            });
            request.exceptionHandler(failed -> connection.close());
            request.resume();
        } catch (IllegalStateException alreadyRead) {
            routing.vertx().cancelTimer(timer);
            connection.close();
        }
    }
}
