package dev.engram.retrieval.grpc;

import dev.engram.grpc.call.CallFailure;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.jboss.logging.Logger;

/** Translates failures of a search into the status the caller sees. */
final class GrpcErrors {

    private static final Logger LOG = Logger.getLogger(GrpcErrors.class);

    private GrpcErrors() {}

    static StatusRuntimeException toStatus(Throwable failure) {
        if (failure instanceof CallFailure downstream) {
            // The peer's code is kept: UNAVAILABLE or DEADLINE_EXCEEDED tell the caller to retry later,
            // INVALID_ARGUMENT that the request itself is at fault.
            // A connection closed under the call is no fault of the peer: the caller may retry at once.
            LOG.warnf("search failed downstream: %s", downstream.getMessage());
            Status status = CallFailure.connectionLost(downstream) ? Status.UNAVAILABLE : downstream.getStatus();
            return status.withDescription(downstream.getMessage())
                    .withCause(downstream)
                    .asRuntimeException();
        }
        if (failure instanceof StatusRuntimeException status) {
            return status;
        }
        LOG.error("search failed", failure);
        return Status.INTERNAL
                .withDescription("search failed")
                .withCause(failure)
                .asRuntimeException();
    }
}
