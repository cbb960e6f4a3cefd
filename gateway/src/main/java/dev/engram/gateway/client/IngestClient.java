package dev.engram.gateway.client;

import dev.engram.grpc.call.CallPolicies;
import dev.engram.grpc.call.CallPolicy;
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
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.MutinyIngestServiceGrpc.MutinyIngestServiceStub;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.ReindexResponse;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import dev.engram.proto.v1.UpdateEpisodeResponse;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The gateway's only way to ingest-service. Reads are retried when ingest-service is unavailable. */
@ApplicationScoped
public class IngestClient {

    private final MutinyIngestServiceStub stub;
    private final CallPolicy calls;

    public IngestClient(@GrpcClient("ingest") MutinyIngestServiceStub stub, CallPolicies calls) {
        this.stub = stub;
        this.calls = calls.to("ingest");
    }

    /**
     * Never retried here: an episode sent without an id gets a new id on every attempt, so repeating a call
     * whose answer was lost could store it twice. Clients that send ids can retry safely themselves.
     */
    public Uni<AddEpisodesResponse> addEpisodes(AddEpisodesRequest request) {
        return calls.callOnce("AddEpisodes", stub, ingest -> ingest.addEpisodes(request));
    }

    public Uni<GetStatusResponse> getStatus(GetStatusRequest request) {
        return calls.call("GetStatus", stub, ingest -> ingest.getStatus(request));
    }

    public Uni<ShortTermMemory> getShortTerm(GetShortTermRequest request) {
        return calls.call("GetShortTerm", stub, ingest -> ingest.getShortTerm(request));
    }

    public Uni<Episode> getEpisode(GetEpisodeRequest request) {
        return calls.call("GetEpisode", stub, ingest -> ingest.getEpisode(request));
    }

    /** Not retried: a repeat of a correction whose answer was lost would answer "unchanged". */
    public Uni<UpdateEpisodeResponse> updateEpisode(UpdateEpisodeRequest request) {
        return calls.callOnce("UpdateEpisode", stub, ingest -> ingest.updateEpisode(request));
    }

    public Uni<ListEpisodesResponse> listEpisodes(ListEpisodesRequest request) {
        return calls.call("ListEpisodes", stub, ingest -> ingest.listEpisodes(request));
    }

    public Uni<ListUsersResponse> listUsers(ListUsersRequest request) {
        return calls.call("ListUsers", stub, ingest -> ingest.listUsers(request));
    }

    public Uni<ListSessionsResponse> listSessions(ListSessionsRequest request) {
        return calls.call("ListSessions", stub, ingest -> ingest.listSessions(request));
    }

    /**
     * Deletion purges every store before it answers, so its deadline covers ingest-service's own calls to
     * vector-service and profile-service. Repeating it is harmless (what is gone stays gone), so it is retried
     * like a read when ingest-service is unavailable.
     */
    public Uni<Deletion> deleteEpisodes(DeleteEpisodesRequest request) {
        return calls.call("DeleteEpisodes", stub, ingest -> ingest.deleteEpisodes(request));
    }

    public Uni<Deletion> getDeletion(GetDeletionRequest request) {
        return calls.call("GetDeletion", stub, ingest -> ingest.getDeletion(request));
    }

    /** Queuing is idempotent (an episode already queued is not queued twice), so it too is retried. */
    public Uni<ReindexResponse> reindex(ReindexRequest request) {
        return calls.call("Reindex", stub, ingest -> ingest.reindex(request));
    }
}
