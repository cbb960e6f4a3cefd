package dev.engram.gateway.client;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc.MutinyIngestServiceStub;
import dev.engram.proto.v1.ShortTermMemory;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/** The gateway's only way to ingest-service. */
@ApplicationScoped
public class IngestClient {

    private final MutinyIngestServiceStub stub;
    private final GatewayConfig.Ingest config;

    public IngestClient(@GrpcClient("ingest") MutinyIngestServiceStub stub, GatewayConfig config) {
        this.stub = stub;
        this.config = config.ingest();
    }

    /**
     * Never retried here: an episode sent without an id gets a new id on every attempt, so repeating a call
     * whose answer was lost could store it twice. Clients that send ids can retry safely themselves.
     */
    public Uni<AddEpisodesResponse> addEpisodes(AddEpisodesRequest request) {
        return Uni.createFrom()
                .deferred(() -> stub.withDeadlineAfter(config.addDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .addEpisodes(request));
    }

    public Uni<GetStatusResponse> getStatus(GetStatusRequest request) {
        return Retries.readWithRetry(
                () -> stub.withDeadlineAfter(config.statusDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getStatus(request),
                config.statusRetries());
    }

    public Uni<ShortTermMemory> getShortTerm(GetShortTermRequest request) {
        return Retries.readWithRetry(
                () -> stub.withDeadlineAfter(config.shortTermDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getShortTerm(request),
                config.shortTermRetries());
    }
}
