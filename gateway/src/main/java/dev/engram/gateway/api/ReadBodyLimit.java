package dev.engram.gateway.api;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;

/**
 * The last check of a body's size, once it has been read and before it is parsed. A body without Content-Length
 * is counted while it arrives ({@link BodySizeLimit}), but against a route's smaller limit only from the moment
 * that limit is set; what arrived before was counted against the general one. Here the whole size is known.
 */
@Provider
public class ReadBodyLimit implements ReaderInterceptor {

    private final CurrentVertxRequest current;
    private final BodySizeLimit limits;

    public ReadBodyLimit(CurrentVertxRequest current, BodySizeLimit limits) {
        this.current = current;
        this.limits = limits;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        HttpServerRequest request = current.getCurrent().request();
        if (request.isEnded() && request.bytesRead() > limits.limitOf(request.path())) {
            throw new WebApplicationException(413);
        }
        return context.proceed();
    }
}
