package dev.engram.gateway.client;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.proto.v1.MutinyRetrievalServiceGrpc.MutinyRetrievalServiceStub;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/** The gateway's only way to retrieval-agent-service. */
@ApplicationScoped
public class RetrievalClient {

    private final MutinyRetrievalServiceStub stub;
    private final GatewayConfig.Retrieval config;

    public RetrievalClient(@GrpcClient("retrieval") MutinyRetrievalServiceStub stub, GatewayConfig config) {
        this.stub = stub;
        this.config = config.retrieval();
    }

    public Uni<RetrievalResponse> search(RetrievalRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.searchDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .search(request),
                config.searchRetries());
    }
}
