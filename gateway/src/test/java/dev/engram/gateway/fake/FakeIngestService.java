package dev.engram.gateway.fake;

import com.google.protobuf.Message;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.AddStatus;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeOutcome;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.IngestServiceGrpc;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.ReindexResponse;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import dev.engram.proto.v1.UpdateEpisodeResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Stands in for ingest-service: remembers ids it has seen, records every request, can be told to fail. */
public class FakeIngestService extends IngestServiceGrpc.IngestServiceImplBase {

    public final List<AddEpisodesRequest> addRequests = new CopyOnWriteArrayList<>();
    public final List<GetStatusRequest> statusRequests = new CopyOnWriteArrayList<>();
    public final List<GetShortTermRequest> shortTermRequests = new CopyOnWriteArrayList<>();
    /** Every other call (episode reads and listings, deletions, reindexing), in arrival order. */
    public final List<Message> otherRequests = new CopyOnWriteArrayList<>();

    private final Map<Class<?>, Message> answers = new ConcurrentHashMap<>();
    private final Set<String> storedIds = ConcurrentHashMap.newKeySet();
    private final AtomicInteger generatedIds = new AtomicInteger();
    private volatile GetStatusResponse status = GetStatusResponse.getDefaultInstance();
    private volatile ShortTermMemory shortTerm = ShortTermMemory.getDefaultInstance();
    private volatile StatusRuntimeException failure;
    private volatile StatusRuntimeException statusFailure;
    private volatile Duration statusDelay = Duration.ZERO;

    public void reset() {
        addRequests.clear();
        statusRequests.clear();
        shortTermRequests.clear();
        otherRequests.clear();
        answers.clear();
        storedIds.clear();
        status = GetStatusResponse.getDefaultInstance();
        shortTerm = ShortTermMemory.getDefaultInstance();
        failure = null;
        statusDelay = Duration.ZERO;
        statusFailure = null;
    }

    /** Status calls answer only after this delay, like a service stuck on a slow query. */
    public void delayStatus(Duration delay) {
        this.statusDelay = delay;
    }

    public void answerStatus(GetStatusResponse status) {
        this.status = status;
    }

    public void answerShortTerm(ShortTermMemory shortTerm) {
        this.shortTerm = shortTerm;
    }

    /** Every following status call fails with this status; the other calls answer. */
    public void failStatusWith(Status failure) {
        this.statusFailure = failure.asRuntimeException();
    }

    /** Every following call fails with this status. */
    public void failWith(Status failure) {
        this.failure = failure.asRuntimeException();
    }

    /** Every following call fails with this exception, which may carry status details in its trailers. */
    public void failWith(StatusRuntimeException failure) {
        this.failure = failure;
    }

    public int calls() {
        return addRequests.size() + statusRequests.size() + shortTermRequests.size() + otherRequests.size();
    }

    /** The answer to every following call that returns this message type (default: its empty instance). */
    public <T extends Message> void answer(T answer) {
        answers.put(answer.getClass(), answer);
    }

    @Override
    public void addEpisodes(AddEpisodesRequest request, StreamObserver<AddEpisodesResponse> response) {
        addRequests.add(request);
        if (failure != null) {
            response.onError(failure);
            return;
        }
        AddEpisodesResponse.Builder answer = AddEpisodesResponse.newBuilder();
        for (NewEpisode episode : request.getEpisodesList()) {
            String id = episode.getId().isEmpty() ? "generated-" + generatedIds.incrementAndGet() : episode.getId();
            AddStatus outcome = storedIds.add(id) ? AddStatus.ADD_STATUS_CREATED : AddStatus.ADD_STATUS_DUPLICATE;
            answer.addOutcomes(EpisodeOutcome.newBuilder().setId(id).setStatus(outcome));
        }
        response.onNext(answer.build());
        response.onCompleted();
    }

    @Override
    public void getStatus(GetStatusRequest request, StreamObserver<GetStatusResponse> response) {
        statusRequests.add(request);
        try {
            Thread.sleep(statusDelay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null || statusFailure != null) {
            response.onError(failure != null ? failure : statusFailure);
            return;
        }
        response.onNext(status);
        response.onCompleted();
    }

    @Override
    public void getShortTerm(GetShortTermRequest request, StreamObserver<ShortTermMemory> response) {
        shortTermRequests.add(request);
        if (failure != null) {
            response.onError(failure);
            return;
        }
        response.onNext(shortTerm);
        response.onCompleted();
    }

    @Override
    public void getEpisode(GetEpisodeRequest request, StreamObserver<Episode> response) {
        reply(request, Episode.getDefaultInstance(), response);
    }

    @Override
    public void listEpisodes(ListEpisodesRequest request, StreamObserver<ListEpisodesResponse> response) {
        reply(request, ListEpisodesResponse.getDefaultInstance(), response);
    }

    @Override
    public void listUsers(ListUsersRequest request, StreamObserver<ListUsersResponse> response) {
        reply(request, ListUsersResponse.getDefaultInstance(), response);
    }

    @Override
    public void listSessions(ListSessionsRequest request, StreamObserver<ListSessionsResponse> response) {
        reply(request, ListSessionsResponse.getDefaultInstance(), response);
    }

    @Override
    public void deleteEpisodes(DeleteEpisodesRequest request, StreamObserver<Deletion> response) {
        reply(request, Deletion.getDefaultInstance(), response);
    }

    @Override
    public void updateEpisode(UpdateEpisodeRequest request, StreamObserver<UpdateEpisodeResponse> response) {
        reply(request, UpdateEpisodeResponse.getDefaultInstance(), response);
    }

    @Override
    public void getDeletion(GetDeletionRequest request, StreamObserver<Deletion> response) {
        reply(request, Deletion.getDefaultInstance(), response);
    }

    @Override
    public void reindex(ReindexRequest request, StreamObserver<ReindexResponse> response) {
        reply(request, ReindexResponse.getDefaultInstance(), response);
    }

    @SuppressWarnings("unchecked")
    private <T extends Message> void reply(Message request, T fallback, StreamObserver<T> response) {
        otherRequests.add(request);
        if (failure != null) {
            response.onError(failure);
            return;
        }
        response.onNext((T) answers.getOrDefault(fallback.getClass(), fallback));
        response.onCompleted();
    }
}
