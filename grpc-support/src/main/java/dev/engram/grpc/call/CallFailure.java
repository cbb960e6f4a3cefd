package dev.engram.grpc.call;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.util.EnumSet;
import java.util.Set;

/**
 * A call to a peer failed. It carries the status and trailers the call ended with, so callers read it as the
 * peer's own answer ({@code Status.fromThrowable}, {@code StatusProto.fromThrowable}), and names the peer and the
 * method.
 */
public final class CallFailure extends StatusRuntimeException {

    /** The peer could not take the call now (away, too slow, overloaded, interrupted), not that it refused it. */
    private static final Set<Status.Code> TRANSIENT = EnumSet.of(
            Status.Code.UNAVAILABLE,
            Status.Code.DEADLINE_EXCEEDED,
            Status.Code.RESOURCE_EXHAUSTED,
            Status.Code.ABORTED,
            Status.Code.CANCELLED);

    /** How grpc-java's Netty transport describes a stream ended by the connection's GOAWAY. */
    private static final String GOAWAY = "Connection closed after GOAWAY";

    private final String peer;
    private final String method;

    private CallFailure(String peer, String method, Throwable cause) {
        super(statusOf(cause), Status.trailersFromThrowable(cause));
        this.peer = peer;
        this.method = method;
    }

    static CallFailure of(String peer, String method, Throwable failure) {
        return failure instanceof CallFailure known ? known : new CallFailure(peer, method, failure);
    }

    /** The peer's status; a failure that is not one (of a peer that is not a gRPC service) is UNKNOWN, saying what. */
    private static Status statusOf(Throwable cause) {
        Status status = Status.fromThrowable(cause);
        boolean said = status.getCode() != Status.Code.UNKNOWN
                || status.getDescription() != null
                || cause instanceof StatusRuntimeException
                || cause instanceof StatusException;
        return (said ? status : status.withDescription(cause.toString())).withCause(cause);
    }

    /**
     * Whether the failure says the peer could not take the call now, so the same call may succeed later, rather
     * than that the peer refused it or failed with it.
     */
    public static boolean isTransient(Throwable failure) {
        return TRANSIENT.contains(Status.fromThrowable(failure).getCode()) || connectionLost(failure);
    }

    /**
     * Whether the connection the call travelled on was closed under it by a GOAWAY, which gRPC reports as
     * INTERNAL though the peer did not fail with the call. A service that serves gRPC on its HTTP port closes a
     * connection so when it answers a call its caller has already given up on, and every call still on that
     * connection ends with it; the next call gets a new connection.
     */
    public static boolean connectionLost(Throwable failure) {
        Status status = Status.fromThrowable(failure);
        return status.getCode() == Status.Code.INTERNAL
                && status.getDescription() != null
                && status.getDescription().startsWith(GOAWAY);
    }

    public String peer() {
        return peer;
    }

    public String method() {
        return method;
    }

    @Override
    public String getMessage() {
        Status status = getStatus();
        return peer + " " + method + " failed: " + status.getCode()
                + (status.getDescription() == null ? "" : " " + status.getDescription());
    }
}
