package dev.engram.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.ExceptionHandler;
import io.quarkus.grpc.ExceptionHandlerProvider;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reports a database outage as UNAVAILABLE instead of UNKNOWN: callers retry UNAVAILABLE (the gateway answers it
 * with 503 and {@code Retry-After}) but treat UNKNOWN as a failure of the service. Every other failure is
 * reported as Quarkus would.
 */
@ApplicationScoped
public class StorageOutageHandlerProvider implements ExceptionHandlerProvider {

    @Override
    public <ReqT, RespT> ExceptionHandler<ReqT, RespT> createHandler(
            ServerCall.Listener<ReqT> listener, ServerCall<ReqT, RespT> call, Metadata metadata) {
        return new ExceptionHandler<>(listener, call, metadata) {
            @Override
            protected void handleException(Throwable failure, ServerCall<ReqT, RespT> serverCall, Metadata headers) {
                Throwable status = transform(failure);
                Metadata trailers = trailersOf(status);
                serverCall.close(Status.fromThrowable(status), trailers != null ? trailers : new Metadata());
            }
        };
    }

    @Override
    public Throwable transform(Throwable failure) {
        if (!(failure instanceof StatusException || failure instanceof StatusRuntimeException)
                && StorageOutage.causedBy(failure)) {
            return Status.UNAVAILABLE
                    .withDescription("the database cannot be reached; retry shortly")
                    .withCause(failure)
                    .asException();
        }
        return ExceptionHandlerProvider.toStatusException(failure, false);
    }

    private static Metadata trailersOf(Throwable status) {
        if (status instanceof StatusException exception) {
            return exception.getTrailers();
        }
        if (status instanceof StatusRuntimeException exception) {
            return exception.getTrailers();
        }
        return null;
    }
}
