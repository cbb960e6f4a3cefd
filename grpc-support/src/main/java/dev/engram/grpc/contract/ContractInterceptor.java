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
            private boolean refused;

            @Override
            public void onMessage(ReqT request) {
                List<FieldViolation> violations =
                        request instanceof Message message ? Contract.violations(message) : List.of();
                if (violations.isEmpty()) {
                    super.onMessage(request);
                    return;
                }
                refused = true;
                StatusRuntimeException invalid = Violations.invalid(violations);
                call.close(invalid.getStatus(), invalid.getTrailers());
            }

            /** A refused request never reaches the service, which would otherwise run without it. */
            @Override
            public void onHalfClose() {
                if (!refused) {
                    super.onHalfClose();
                }
            }
        };
    }
}
