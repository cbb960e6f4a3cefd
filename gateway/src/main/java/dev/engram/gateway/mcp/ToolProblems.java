package dev.engram.gateway.mcp;

import dev.engram.gateway.api.DownstreamProblemMappers;
import dev.engram.gateway.api.ProblemMappers;
import dev.engram.gateway.client.DownstreamProtocolException;
import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.Problem;
import dev.engram.gateway.service.RequestRefusedException;
import dev.engram.gateway.validation.InvalidRequestException;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The problem document the REST API answers for a failure, given to a model whose tool call failed: the same
 * status, title, detail and field errors, so that it can fix its input as a REST client would.
 */
@ApplicationScoped
class ToolProblems {

    private final ProblemMappers local = new ProblemMappers();
    private final DownstreamProblemMappers downstream;

    ToolProblems(GatewayConfig config) {
        this.downstream = new DownstreamProblemMappers(config);
    }

    Problem of(Throwable failure) {
        if (failure instanceof InvalidRequestException invalid) {
            return local.invalidRequest(invalid).getEntity();
        }
        if (failure instanceof RequestRefusedException refused) {
            return local.refused(refused).getEntity();
        }
        if (failure instanceof StatusRuntimeException status) {
            return downstream.statusRuntime(status).getEntity();
        }
        if (failure instanceof StatusException status) {
            return downstream.status(status).getEntity();
        }
        if (failure instanceof DownstreamProtocolException broken) {
            return local.downstreamProtocol(broken).getEntity();
        }
        return local.unexpected(failure).getEntity();
    }
}
