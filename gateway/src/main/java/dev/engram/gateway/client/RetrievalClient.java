package dev.engram.gateway.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.proto.v1.MutinyRetrievalServiceGrpc.MutinyRetrievalServiceStub;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The gateway's only way to retrieval-agent-service. The search's deadline bounds the whole search: retrieval
 * passes what is left of it on to every call it makes.
 */
@ApplicationScoped
public class RetrievalClient {

    private final MutinyRetrievalServiceStub stub;
    private final CallPolicy calls;

    public RetrievalClient(@GrpcClient("retrieval") MutinyRetrievalServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("retrieval");
    }

    public Uni<RetrievalResponse> search(RetrievalRequest request) {
        return calls.call("Search", stub, retrieval -> retrieval.search(request));
    }
}
