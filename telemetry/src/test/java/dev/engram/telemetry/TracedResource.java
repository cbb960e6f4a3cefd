package dev.engram.telemetry;

import io.opentelemetry.api.trace.Span;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The test application's one endpoint: it tells which trace its request belongs to. */
@Path("/traced")
public class TracedResource {

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String traceId() {
        return Span.current().getSpanContext().getTraceId();
    }
}
