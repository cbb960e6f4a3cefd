package dev.engram.retrieval.grpc;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.engram.grpc.call.CallFailure;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.jboss.logging.Logger;

/** Translates failures of a search into the status the caller sees. */
final class GrpcErrors {

    private static final Logger LOG = Logger.getLogger(GrpcErrors.class);

    private GrpcErrors() {}

    static StatusRuntimeException toStatus(Throwable failure) {
        if (failure instanceof InvalidRequestException invalid) {
            return invalidArgument(invalid);
        }
        if (failure instanceof CallFailure downstream) {
            // The peer's code is kept: UNAVAILABLE or DEADLINE_EXCEEDED tell the caller to retry later,
            // INVALID_ARGUMENT that the request itself is at fault.
            LOG.warnf("search failed downstream: %s", downstream.getMessage());
            return downstream
                    .getStatus()
                    .withDescription(downstream.getMessage())
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

    /** INVALID_ARGUMENT with a google.rpc.BadRequest detail naming every field at fault. */
    private static StatusRuntimeException invalidArgument(InvalidRequestException invalid) {
        BadRequest.Builder badRequest = BadRequest.newBuilder();
        invalid.violations()
                .forEach(violation -> badRequest.addFieldViolations(BadRequest.FieldViolation.newBuilder()
                        .setField(violation.field())
                        .setDescription(violation.message())));
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage(invalid.getMessage())
                .addDetails(Any.pack(badRequest.build()))
                .build();
        return StatusProto.toStatusRuntimeException(status);
    }
}
