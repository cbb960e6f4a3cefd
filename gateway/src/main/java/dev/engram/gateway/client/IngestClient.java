package dev.engram.gateway.client;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc.MutinyIngestServiceStub;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.ReindexResponse;
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
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.statusDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getStatus(request),
                config.statusRetries());
    }

    public Uni<ShortTermMemory> getShortTerm(GetShortTermRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.shortTermDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getShortTerm(request),
                config.shortTermRetries());
    }

    public Uni<Episode> getEpisode(GetEpisodeRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.readDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getEpisode(request),
                config.statusRetries());
    }

    public Uni<ListEpisodesResponse> listEpisodes(ListEpisodesRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.readDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .listEpisodes(request),
                config.statusRetries());
    }

    /**
     * Deletion purges every store before it answers, so its deadline covers ingest-service's own calls to
     * vector-service and profile-service. Repeating it is harmless (what is gone stays gone), so it is retried
     * like a read when ingest-service is unavailable.
     */
    public Uni<Deletion> deleteEpisodes(DeleteEpisodesRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.deleteDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .deleteEpisodes(request),
                config.statusRetries());
    }

    public Uni<Deletion> getDeletion(GetDeletionRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.statusDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .getDeletion(request),
                config.statusRetries());
    }

    /** Queuing is idempotent (an episode already queued is not queued twice), so it too is retried. */
    public Uni<ReindexResponse> reindex(ReindexRequest request) {
        return Retries.retryWhenUnavailable(
                () -> stub.withDeadlineAfter(config.deleteDeadline().toMillis(), TimeUnit.MILLISECONDS)
                        .reindex(request),
                config.statusRetries());
    }
}
