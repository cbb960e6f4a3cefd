package dev.engram.ingest.grpc;

import dev.engram.ingest.config.IngestLimitsConfig;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.AddOutcome;
import dev.engram.ingest.model.ContextWindow;
import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.service.EpisodeIngestion;
import dev.engram.ingest.service.EpisodeQueries;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.AddStatus;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.EpisodeOutcome;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;
import java.util.List;

/**
 * gRPC edge of ingest-service: validates, maps, delegates. Runs on the event loop, which is where
 * Hibernate Reactive wants to be; nothing here blocks.
 */
@GrpcService
public class IngestGrpcService extends MutinyIngestServiceGrpc.IngestServiceImplBase {

    private final EpisodeIngestion ingestion;
    private final EpisodeQueries queries;
    private final int maxContentBytes;

    IngestGrpcService(EpisodeIngestion ingestion, EpisodeQueries queries, IngestLimitsConfig limits) {
        this.ingestion = ingestion;
        this.queries = queries;
        this.maxContentBytes = limits.maxContentBytes();
    }

    @Override
    public Uni<AddEpisodesResponse> addEpisodes(AddEpisodesRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request, maxContentBytes);
            return ingestion
                    .add(
                            EpisodeMapper.toScope(request.getScope()),
                            request.getEpisodesList().stream()
                                    .map(EpisodeMapper::toDraft)
                                    .toList())
                    .map(IngestGrpcService::toAddResponse);
        });
    }

    @Override
    public Uni<GetContextResponse> getContext(GetContextRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            return queries.context(
                            request.getScope().getProject(),
                            request.getScope().getUserId(),
                            request.getScope().getAgentId(),
                            request.getEpisodeIdsList(),
                            request.getBefore(),
                            request.getAfter())
                    .map(IngestGrpcService::toContextResponse);
        });
    }

    @Override
    public Uni<GetStatusResponse> getStatus(GetStatusRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            return queries.status(
                            request.getScope().getProject(), request.getScope().getUserId())
                    .map(IngestGrpcService::toStatusResponse);
        });
    }

    private static AddEpisodesResponse toAddResponse(List<AddOutcome> outcomes) {
        AddEpisodesResponse.Builder response = AddEpisodesResponse.newBuilder();
        outcomes.forEach(outcome -> response.addOutcomes(EpisodeOutcome.newBuilder()
                .setId(outcome.episodeId())
                .setStatus(outcome.created() ? AddStatus.ADD_STATUS_CREATED : AddStatus.ADD_STATUS_DUPLICATE)));
        return response.build();
    }

    private static GetContextResponse toContextResponse(List<ContextWindow> windows) {
        GetContextResponse.Builder response = GetContextResponse.newBuilder();
        windows.forEach(window -> response.addContexts(EpisodeContext.newBuilder()
                .setEpisodeId(window.episodeId())
                .addAllEpisodes(
                        window.episodes().stream().map(EpisodeMapper::toProto).toList())));
        return response.build();
    }

    private static GetStatusResponse toStatusResponse(EpisodeCounts counts) {
        return GetStatusResponse.newBuilder()
                .setStored(counts.stored())
                .setIndexed(counts.indexed())
                .setPending(counts.pending())
                .build();
    }
}
