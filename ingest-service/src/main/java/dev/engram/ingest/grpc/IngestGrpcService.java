package dev.engram.ingest.grpc;

import dev.engram.ingest.config.IngestLimitsConfig;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.model.AddOutcome;
import dev.engram.ingest.model.ContextWindow;
import dev.engram.ingest.model.EpisodeCounts;
import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.model.ShortTermView;
import dev.engram.ingest.service.EpisodeIngestion;
import dev.engram.ingest.service.EpisodeQueries;
import dev.engram.ingest.service.ShortTermQueries;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.AddStatus;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.EpisodeOutcome;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
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
    private final ShortTermQueries shortTerm;
    private final int maxContentBytes;

    IngestGrpcService(
            EpisodeIngestion ingestion, EpisodeQueries queries, ShortTermQueries shortTerm, IngestLimitsConfig limits) {
        this.ingestion = ingestion;
        this.queries = queries;
        this.shortTerm = shortTerm;
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

    /** An agent id narrows the memory to that agent's episodes, with a summary of their own. */
    @Override
    public Uni<ShortTermMemory> getShortTerm(GetShortTermRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            Scope scope = request.getScope();
            return shortTerm
                    .read(new ShortTermKey(
                            scope.getProject(), scope.getUserId(), scope.getSessionId(), scope.getAgentId()))
                    .map(view -> toShortTermMemory(scope.getSessionId(), view));
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

    private static ShortTermMemory toShortTermMemory(String sessionId, ShortTermView view) {
        return ShortTermMemory.newBuilder()
                .setSessionId(sessionId)
                .setSummary(view.summary())
                .addAllEpisodes(
                        view.episodes().stream().map(EpisodeMapper::toProto).toList())
                .setSummarizedEpisodes(view.summarizedEpisodes())
                .build();
    }
}
