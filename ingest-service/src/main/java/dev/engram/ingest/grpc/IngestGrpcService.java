package dev.engram.ingest.grpc;

import dev.engram.ingest.deletion.EpisodeDeletion;
import dev.engram.ingest.ingestion.EpisodeCorrection;
import dev.engram.ingest.ingestion.EpisodeIngestion;
import dev.engram.ingest.ingestion.EpisodeReindex;
import dev.engram.ingest.mapping.Cursors;
import dev.engram.ingest.mapping.DeletionMapper;
import dev.engram.ingest.mapping.EpisodeMapper;
import dev.engram.ingest.mapping.ListCursor;
import dev.engram.ingest.mapping.ResponseMapper;
import dev.engram.ingest.model.EpisodeIdConflict;
import dev.engram.ingest.model.ListPosition;
import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.query.EpisodeQueries;
import dev.engram.ingest.shortterm.ShortTermQueries;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.ReindexResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import dev.engram.proto.v1.UpdateEpisodeResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;
import java.util.UUID;

/**
 * gRPC edge of ingest-service: validates, maps, delegates. Runs on the event loop, which is where
 * Hibernate Reactive wants to be; nothing here blocks.
 */
@GrpcService
public class IngestGrpcService extends MutinyIngestServiceGrpc.IngestServiceImplBase {

    /** Episodes per page of a listing that does not say. */
    static final int DEFAULT_PAGE = 100;

    private final EpisodeIngestion ingestion;
    private final EpisodeQueries queries;
    private final ShortTermQueries shortTerm;
    private final EpisodeDeletion deletion;
    private final EpisodeReindex reindex;
    private final EpisodeCorrection correction;

    IngestGrpcService(
            EpisodeIngestion ingestion,
            EpisodeCorrection correction,
            EpisodeQueries queries,
            ShortTermQueries shortTerm,
            EpisodeDeletion deletion,
            EpisodeReindex reindex) {
        this.ingestion = ingestion;
        this.correction = correction;
        this.queries = queries;
        this.shortTerm = shortTerm;
        this.deletion = deletion;
        this.reindex = reindex;
    }

    @Override
    public Uni<AddEpisodesResponse> addEpisodes(AddEpisodesRequest request) {
        return Uni.createFrom().deferred(() -> {
            return ingestion
                    .add(
                            EpisodeMapper.toScope(request.getScope()),
                            request.getEpisodesList().stream()
                                    .map(EpisodeMapper::toDraft)
                                    .toList())
                    .map(ResponseMapper::toAddResponse)
                    .onFailure(EpisodeIdConflict.class)
                    .transform(conflict -> Status.FAILED_PRECONDITION
                            .withDescription(conflict.getMessage())
                            .asRuntimeException());
        });
    }

    @Override
    public Uni<GetContextResponse> getContext(GetContextRequest request) {
        return Uni.createFrom().deferred(() -> {
            return queries.context(
                            request.getScope().getProject(),
                            request.getScope().getUserId(),
                            request.getScope().getAgentId(),
                            request.getEpisodeIdsList(),
                            request.getBefore(),
                            request.getAfter())
                    .map(ResponseMapper::toContextResponse);
        });
    }

    @Override
    public Uni<GetStatusResponse> getStatus(GetStatusRequest request) {
        String project = request.getScope().getProject();
        String userId = request.getScope().getUserId();
        // Asked about episodes, it answers only those: a wait for indexing polls it, and a user's counts are a
        // scan of all their episodes.
        return Uni.createFrom()
                .deferred(() -> request.getEpisodeIdsCount() == 0
                        ? queries.status(project, userId).map(ResponseMapper::toStatusResponse)
                        : queries.notIndexed(project, userId, request.getEpisodeIdsList())
                                .map(pending -> GetStatusResponse.newBuilder()
                                        .addAllPendingEpisodeIds(pending)
                                        .build()));
    }

    /** An agent id narrows the memory to that agent's episodes, with a summary of their own. */
    @Override
    public Uni<ShortTermMemory> getShortTerm(GetShortTermRequest request) {
        return Uni.createFrom().deferred(() -> {
            Scope scope = request.getScope();
            return shortTerm
                    .read(new ShortTermKey(
                            scope.getProject(), scope.getUserId(), scope.getSessionId(), scope.getAgentId()))
                    .map(view -> ResponseMapper.toShortTermMemory(scope.getSessionId(), view));
        });
    }

    /** A session or agent id in the scope narrows too: another session's episode is not found. */
    @Override
    public Uni<Episode> getEpisode(GetEpisodeRequest request) {
        return Uni.createFrom().deferred(() -> {
            return queries.episode(EpisodeMapper.toNarrowing(request.getScope()), request.getEpisodeId())
                    .map(found -> EpisodeMapper.toProto(found.orElseThrow(
                            () -> notFound("episode_id: the user has no episode " + request.getEpisodeId()))));
        });
    }

    @Override
    public Uni<ListEpisodesResponse> listEpisodes(ListEpisodesRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            ListPosition after = request.getCursor().isEmpty()
                    ? null
                    : ListCursor.decode(request.getCursor()).orElseThrow();
            int limit = request.hasLimit() ? request.getLimit() : DEFAULT_PAGE;
            return queries.list(EpisodeMapper.toNarrowing(request.getScope()), after, limit)
                    .map(ResponseMapper::toListResponse);
        });
    }

    @Override
    public Uni<ListUsersResponse> listUsers(ListUsersRequest request) {
        return Uni.createFrom().deferred(() -> {
            String after = RequestValidator.after(request.getCursor(), Cursors.USERS);
            int limit = request.hasLimit() ? request.getLimit() : DEFAULT_PAGE;
            return queries.users(request.getProject(), after, limit).map(ResponseMapper::toUsersResponse);
        });
    }

    @Override
    public Uni<ListSessionsResponse> listSessions(ListSessionsRequest request) {
        return Uni.createFrom().deferred(() -> {
            String after = RequestValidator.after(request.getCursor(), Cursors.SESSIONS);
            int limit = request.hasLimit() ? request.getLimit() : DEFAULT_PAGE;
            Scope scope = request.getScope();
            String agentId = scope.getAgentId().isEmpty() ? null : scope.getAgentId();
            return queries.sessions(scope.getProject(), scope.getUserId(), agentId, after, limit)
                    .map(ResponseMapper::toSessionsResponse);
        });
    }

    @Override
    public Uni<Deletion> deleteEpisodes(DeleteEpisodesRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            return deletion.delete(DeletionMapper.toRequest(request))
                    .map(found -> DeletionMapper.toProto(found.orElseThrow(
                            () -> notFound("episode_id: the user has no episode " + request.getEpisodeId()
                                    + (request.getScope().getSessionId().isEmpty() ? "" : " in this session")))));
        });
    }

    @Override
    public Uni<UpdateEpisodeResponse> updateEpisode(UpdateEpisodeRequest request) {
        return Uni.createFrom().deferred(() -> {
            RequestValidator.check(request);
            return correction
                    .correct(
                            request.getScope().getProject(),
                            request.getScope().getUserId(),
                            request.getEpisodeId(),
                            EpisodeMapper.toChange(request.getChange()))
                    .map(found -> found.orElseThrow(
                            () -> notFound("episode_id: the user has no episode " + request.getEpisodeId())))
                    .map(outcome -> UpdateEpisodeResponse.newBuilder()
                            .setEpisode(EpisodeMapper.toProto(outcome.episode()))
                            .setChanged(outcome.changed())
                            .build());
        });
    }

    @Override
    public Uni<Deletion> getDeletion(GetDeletionRequest request) {
        return Uni.createFrom().deferred(() -> {
            return deletion.status(request.getProject(), UUID.fromString(request.getDeletionId()))
                    .map(found -> DeletionMapper.toProto(found.orElseThrow(
                            () -> notFound("deletion_id: the project has no deletion " + request.getDeletionId()))));
        });
    }

    @Override
    public Uni<ReindexResponse> reindex(ReindexRequest request) {
        return Uni.createFrom().deferred(() -> {
            return reindex.reindex(request.getProject())
                    .map(queued ->
                            ReindexResponse.newBuilder().setEpisodes(queued).build());
        });
    }

    private static StatusRuntimeException notFound(String description) {
        return Status.NOT_FOUND.withDescription(description).asRuntimeException();
    }
}
