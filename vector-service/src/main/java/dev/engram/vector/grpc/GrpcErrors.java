package dev.engram.vector.grpc;

import dev.engram.vector.store.VectorStoreUnavailableException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/** Translates outcomes of the services into gRPC statuses. */
final class GrpcErrors {

    private GrpcErrors() {}

    /**
     * A status is kept as it is; an unreachable store becomes UNAVAILABLE; anything unexpected becomes
     * INTERNAL and is logged here, once. (Invalid requests never get here: the contract refuses them.)
     */
    static Throwable toStatus(Throwable failure, String operation) {
        if (failure instanceof StatusRuntimeException || failure instanceof StatusException) {
            return failure;
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
