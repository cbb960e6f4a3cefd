package dev.engram.vector.scheduling;

import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells {@link SearchesInFlight} when a call that answers a search starts and ends: every call of the vector
 * service but the writes and the counts.
 */
@ApplicationScoped
@GlobalInterceptor
public class SearchCallTracker implements ServerInterceptor {

    private static final Set<String> NOT_SEARCHES = Set.of("Index", "Delete", "Count");

    private final SearchesInFlight searches;

    SearchCallTracker(SearchesInFlight searches) {
        this.searches = searches;
    }

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
            ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
        String method = call.getMethodDescriptor().getBareMethodName();
        if (!VectorServiceGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())
                || NOT_SEARCHES.contains(method)) {
            return next.startCall(call, headers);
        }
        searches.started();
        AtomicBoolean over = new AtomicBoolean();
        Runnable finish = () -> {
            if (over.compareAndSet(false, true)) {
                searches.finished();
            }
        };
        try {
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
                    next.startCall(call, headers)) {
                @Override
                public void onComplete() {
                    try {
                        super.onComplete();
                    } finally {
                        finish.run();
                    }
                }

                @Override
                public void onCancel() {
                    try {
                        super.onCancel();
                    } finally {
                        finish.run();
                    }
                }
            };
        } catch (RuntimeException e) {
            finish.run();
            throw e;
        }
    }
}
