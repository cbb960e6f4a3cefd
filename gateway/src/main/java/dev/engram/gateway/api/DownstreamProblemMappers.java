package dev.engram.gateway.api;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.FieldError;
import dev.engram.gateway.model.Problem;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Translates gRPC failures of the services behind the gateway. Descriptions of INVALID_ARGUMENT and
 * FAILED_PRECONDITION are meant for the caller (what to fix) and passed on; any other description may hold
 * internals and stays in the log.
 */
public class DownstreamProblemMappers {

    private static final Logger LOG = Logger.getLogger(DownstreamProblemMappers.class);

    /** Services report a bad field as {@code field: message}. */
    private static final Pattern FIELD_MESSAGE = Pattern.compile("([A-Za-z0-9_.\\[\\]]+): (.+)", Pattern.DOTALL);

    private final long retryAfterSeconds;

    public DownstreamProblemMappers(GatewayConfig config) {
        this.retryAfterSeconds = Math.max(1, config.unavailableRetryAfter().toSeconds());
    }

    @ServerExceptionMapper
    public RestResponse<Problem> statusRuntime(StatusRuntimeException e) {
        return fromStatus(e.getStatus(), e);
    }

    @ServerExceptionMapper
    public RestResponse<Problem> status(StatusException e) {
        return fromStatus(e.getStatus(), e);
    }

    private RestResponse<Problem> fromStatus(Status status, Throwable failure) {
        String description = status.getDescription() == null ? "" : status.getDescription();
        return switch (status.getCode()) {
            case INVALID_ARGUMENT -> invalidArgument(description, failure);
            case NOT_FOUND -> Problems.of(404, "not-found", "Not Found", "The requested memory does not exist.");
            case FAILED_PRECONDITION ->
                Problems.of(
                        409,
                        "conflict",
                        "Conflict",
                        description.isEmpty()
                                ? "The request conflicts with the current state of the memory."
                                : description);
            case UNAVAILABLE, DEADLINE_EXCEEDED -> unavailable(status);
            default -> {
                LOG.errorf(status.getCause(), "downstream call failed: %s %s", status.getCode(), description);
                yield Problems.of(502, "bad-gateway", "Bad Gateway", "A service behind the gateway failed.");
            }
        };
    }

    private static RestResponse<Problem> invalidArgument(String description, Throwable failure) {
        List<FieldError> errors = badRequestDetail(failure).orElseGet(() -> parseDescription(description));
        return Problems.invalid(description.isEmpty() ? "The request was rejected as invalid." : description, errors);
    }

    /** The field violations of a {@code google.rpc.BadRequest} detail, which services attach to every field. */
    private static Optional<List<FieldError>> badRequestDetail(Throwable failure) {
        com.google.rpc.Status status = StatusProto.fromThrowable(failure);
        if (status == null) {
            return Optional.empty();
        }
        List<FieldError> errors = new ArrayList<>();
        boolean found = false;
        for (Any detail : status.getDetailsList()) {
            if (!detail.is(BadRequest.class)) {
                continue;
            }
            try {
                for (BadRequest.FieldViolation violation :
                        detail.unpack(BadRequest.class).getFieldViolationsList()) {
                    errors.add(new FieldError(violation.getField(), violation.getDescription()));
                }
                found = true;
            } catch (InvalidProtocolBufferException e) {
                LOG.warnf("unreadable BadRequest detail from a downstream service: %s", e.getMessage());
            }
        }
        return found ? Optional.of(errors) : Optional.empty();
    }

    /** Without a detail, the description can only be trusted to name one field. */
    private static List<FieldError> parseDescription(String description) {
        Matcher fieldMessage = FIELD_MESSAGE.matcher(description);
        return fieldMessage.matches()
                ? List.of(new FieldError(fieldMessage.group(1), fieldMessage.group(2)))
                : List.of();
    }

    private RestResponse<Problem> unavailable(Status status) {
        LOG.warnf("downstream call failed: %s %s", status.getCode(), status.getDescription());
        RestResponse<Problem> problem = Problems.of(
                503,
                "service-unavailable",
                "Service Unavailable",
                "A service behind the gateway is unavailable or too slow right now; retry in " + retryAfterSeconds
                        + " s.");
        return RestResponse.ResponseBuilder.fromResponse(problem)
                .header(HttpHeaders.RETRY_AFTER, retryAfterSeconds)
                .build();
    }
}
