package dev.engram.grpc.contract;

import com.google.protobuf.Message;
import com.google.rpc.BadRequest.FieldViolation;
import dev.engram.grpc.Violations;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Refuses, in every service, a request that breaks the rules its proto declares, before the service's code
 * sees it: the call is closed with INVALID_ARGUMENT naming each field (see {@link Violations}).
 */
@GlobalInterceptor
@ApplicationScoped
public class ContractInterceptor implements ServerInterceptor {

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
            ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
        return new SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
            private StatusRuntimeException refusal;

            @Override
            public void onMessage(ReqT request) {
                List<FieldViolation> violations =
                        request instanceof Message message ? Contract.violations(message) : List.of();
                if (violations.isEmpty()) {
                    super.onMessage(request);
                } else {
                    refusal = Violations.invalid(violations);
                }
            }

            /**
             * A refused request never reaches the service. The refusal is sent once the whole request is in, as
             * the service would have answered it: a large request may still be arriving when it is read.
             */
            @Override
            public void onHalfClose() {
                if (refusal == null) {
                    super.onHalfClose();
                } else {
                    call.close(refusal.getStatus(), refusal.getTrailers());
                }
            }
        };
    }
}
