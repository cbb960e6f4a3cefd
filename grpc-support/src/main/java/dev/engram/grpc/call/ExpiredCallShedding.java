package dev.engram.grpc.call;

import io.grpc.Context;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.Prioritized;

/**
 * Answers DEADLINE_EXCEEDED, without serving it, a call whose caller's deadline has passed by the time a thread takes
 * it up. Callers give up at their deadline and leave the call open ({@link DetachedCall}), so under overload the
 * queue of a blocking service fills with calls nobody waits for; serving them would only make the calls behind them
 * late too. The deadline is the one {@link IncomingDeadline} gave the call.
 */
@ApplicationScoped
@GlobalInterceptor
public class ExpiredCallShedding implements ServerInterceptor, Prioritized {

    /** Inside Quarkus's interceptor of blocking methods (priority {@code Integer.MAX_VALUE - 60}): on the worker. */
    static final int PRIORITY = Integer.MAX_VALUE - 100;

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
            ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {

            @Override
            public void onHalfClose() {
                if (!Context.current().isCancelled()) {
                    super.onHalfClose();
                    return;
                }
                call.close(
                        Status.DEADLINE_EXCEEDED.withDescription(
                                "the caller's deadline had passed before the call was served"),
                        new Metadata());
            }
        };
    }

    @Override
    public int getPriority() {
        return PRIORITY;
    }
}
