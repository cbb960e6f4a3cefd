package dev.engram.gateway.api;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.engram.gateway.client.DownstreamProtocolException;
import dev.engram.gateway.model.FieldError;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.service.RequestRefusedException;
import dev.engram.gateway.validation.InvalidRequestException;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.util.List;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every failure leaves the gateway as {@code application/problem+json}; bad input is always a 4xx. */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public RestResponse<Problem> invalidRequest(InvalidRequestException e) {
        return Problems.invalid(e.getMessage(), e.errors());
    }

    /** A value of the wrong JSON type; Quarkus REST passes Jackson's exception on unwrapped. */
    @ServerExceptionMapper
    public RestResponse<Problem> mismatchedInput(MismatchedInputException e) {
        return jsonProblem(e);
    }

    /** Quarkus REST wraps other JSON read failures (syntax errors, overflows) into a 400. */
    @ServerExceptionMapper
    public RestResponse<Problem> webApplication(WebApplicationException e) {
        if (e.getCause() instanceof JacksonException json) {
            return jsonProblem(json);
        }
        return Problems.forStatus(e.getResponse().getStatus());
    }

    @ServerExceptionMapper
    public RestResponse<Problem> refused(RequestRefusedException e) {
        return Problems.of(e.status(), e.type(), e.title(), e.getMessage());
    }

    @ServerExceptionMapper
    public RestResponse<Problem> downstreamProtocol(DownstreamProtocolException e) {
        LOG.errorf("downstream contract broken: %s", e.getMessage());
        return Problems.of(502, "bad-gateway", "Bad Gateway", "A downstream service gave an invalid answer.");
    }

    /**
     * Quarkus stops reading a body that outgrows its limit while it arrives in chunks, and answers 413 itself;
     * the resource that was waiting for the body sees this.
     */
    @ServerExceptionMapper
    public RestResponse<Problem> unreadable(IOException e) {
        if ("Request too large".equals(e.getMessage())) {
            LOG.debugf("body over its limit: %s", e.getMessage());
            return Problems.forStatus(413);
        }
        return unexpected(e);
    }

    @ServerExceptionMapper
    public RestResponse<Problem> unexpected(Throwable e) {
        LOG.error("request failed unexpectedly", e);
        return Problems.forStatus(500);
    }

    private static RestResponse<Problem> jsonProblem(JacksonException e) {
        Throwable root = e;
        while (root.getCause() instanceof JacksonException cause) {
            root = cause;
        }
        if (root instanceof InputCoercionException && e instanceof JsonMappingException binding) {
            return invalidField(binding, "is out of range");
        }
        if (root instanceof JsonParseException duplicate && JsonFieldPath.isDuplicate(duplicate)) {
            return Problems.invalid(
                    "1 field is invalid; see errors.",
                    List.of(new FieldError(JsonFieldPath.of(duplicate), "is given more than once")));
        }
        if (root instanceof StreamReadException syntax) {
            return Problems.of(
                    400, "malformed-json", "Malformed JSON", "The body is not valid JSON: " + describe(syntax));
        }
        if (e instanceof JsonMappingException binding) {
            return invalidField(binding, JsonFieldPath.expectation(binding));
        }
        return Problems.of(400, "malformed-json", "Malformed JSON", "The body could not be read as JSON.");
    }

    private static RestResponse<Problem> invalidField(JsonMappingException e, String message) {
        return Problems.invalid(
                "1 field is invalid; see errors.", List.of(new FieldError(JsonFieldPath.of(e), message)));
    }

    private static String describe(StreamReadException e) {
        JsonLocation location = e.getLocation();
        String what = e.getOriginalMessage();
        return location == null
                ? what
                : what + " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
