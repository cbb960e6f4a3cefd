package dev.engram.vector.grpc;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.engram.vector.store.VectorStoreUnavailableException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.quarkus.logging.Log;

/** Translates outcomes of the services into gRPC statuses. */
final class GrpcErrors {

    private GrpcErrors() {}

    /**
     * Invalid input becomes INVALID_ARGUMENT carrying a {@link BadRequest} detail with the field, so callers
     * can report it per field; an unreachable store becomes UNAVAILABLE; anything unexpected becomes
     * INTERNAL and is logged here, once.
     */
    static Throwable toStatus(Throwable failure, String operation) {
        if (failure instanceof StatusRuntimeException || failure instanceof StatusException) {
            return failure;
        }
        if (failure instanceof InvalidFieldException invalid) {
            BadRequest details = BadRequest.newBuilder()
                    .addFieldViolations(BadRequest.FieldViolation.newBuilder()
                            .setField(invalid.field())
                            .setDescription(invalid.reason()))
                    .build();
            return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                    .setCode(Code.INVALID_ARGUMENT_VALUE)
                    .setMessage(invalid.getMessage())
                    .addDetails(Any.pack(details))
                    .build());
        }
        if (failure instanceof VectorStoreUnavailableException unavailable) {
            // Not a fault of this service: the caller may retry once the store is back.
            Log.warnf("%s failed: %s", operation, unavailable.getMessage());
            return Status.UNAVAILABLE
                    .withDescription(operation + " failed: the vector store is unavailable")
                    .withCause(failure)
                    .asRuntimeException();
        }
        Log.errorf(failure, "%s failed", operation);
        return Status.INTERNAL
                .withDescription(operation + " failed")
                .withCause(failure)
                .asRuntimeException();
    }
}
