package dev.engram.retrieval.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.MutinyIngestServiceGrpc.MutinyIngestServiceStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** ingest-service: the stored episodes, read around given episodes in session order. Both calls are reads. */
@ApplicationScoped
public class IngestClient {

    private final MutinyIngestServiceStub stub;
    private final CallPolicy calls;

    public IngestClient(@GrpcClient("ingest") MutinyIngestServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("ingest");
    }

    /**
     * Each requested episode that exists for the scope, with up to {@code before} and {@code after}
     * neighbours from its session, in request order.
     */
    public Uni<List<EpisodeContext>> context(Scope scope, List<String> episodeIds, int before, int after) {
        if (episodeIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        GetContextRequest request = GetContextRequest.newBuilder()
                .setScope(scope)
                .addAllEpisodeIds(episodeIds)
                .setBefore(before)
                .setAfter(after)
                .build();
        return calls.call("GetContext", stub, ingest -> ingest.getContext(request))
                .map(GetContextResponse::getContextsList);
    }

    /** The short-term memory of the scope's session: its recent episodes and the summary of the rest. */
    public Uni<ShortTermMemory> shortTerm(Scope scope) {
        GetShortTermRequest request =
                GetShortTermRequest.newBuilder().setScope(scope).build();
        return calls.call("GetShortTerm", stub, ingest -> ingest.getShortTerm(request));
    }
}
