package dev.engram.gateway.fake;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.DeleteEntryResponse;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetHistoryResponse;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.GetProfileResponse;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.PutEntryResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for profile-service: keeps entries by id like the real one (an unknown id creates, a current one gets
 * a new version under a new id, a closed one is FAILED_PRECONDITION), answers canned reads, records every
 * request and can be told to fail or to be slow.
 */
public class FakeProfileService extends ProfileServiceGrpc.ProfileServiceImplBase {

    public static final Instant RECORDED = Instant.parse("2024-01-02T03:04:05Z");

    public final List<GetProfileRequest> profileRequests = new CopyOnWriteArrayList<>();
    public final List<GetHistoryRequest> historyRequests = new CopyOnWriteArrayList<>();
    public final List<PutEntryRequest> putRequests = new CopyOnWriteArrayList<>();
    public final List<DeleteEntryRequest> deleteRequests = new CopyOnWriteArrayList<>();
    private final Map<String, ProfileEntry> stored = new ConcurrentHashMap<>();
    private volatile List<ProfileEntry> profile = List.of();
    private volatile List<ProfileEntry> history = List.of();
    private volatile StatusRuntimeException failure;
    private volatile Duration delay = Duration.ZERO;

    public void reset() {
        profileRequests.clear();
        historyRequests.clear();
        putRequests.clear();
        deleteRequests.clear();
        stored.clear();
        profile = List.of();
        history = List.of();
        failure = null;
        delay = Duration.ZERO;
    }

    public void answerProfile(List<ProfileEntry> entries) {
        this.profile = List.copyOf(entries);
    }

    public void answerHistory(List<ProfileEntry> entries) {
        this.history = List.copyOf(entries);
    }

    /** An entry as if written earlier, so that a PUT of its id records a new version. */
    public void store(ProfileEntry entry) {
        stored.put(entry.getId(), entry);
    }

    /** Every following call fails with this status. */
    public void failWith(Status failure) {
        this.failure = failure.asRuntimeException();
    }

    /** Every following call fails with this exception, which may carry status details in its trailers. */
    public void failWith(StatusRuntimeException failure) {
        this.failure = failure;
    }

    /** Every following call answers only after this delay, like a service stuck on a slow query. */
    public void delay(Duration delay) {
        this.delay = delay;
    }

    public int calls() {
        return profileRequests.size() + historyRequests.size() + putRequests.size() + deleteRequests.size();
    }

    @Override
    public void getProfile(GetProfileRequest request, StreamObserver<GetProfileResponse> response) {
        profileRequests.add(request);
        if (failedOrLate(response)) {
            return;
        }
        response.onNext(GetProfileResponse.newBuilder().addAllEntries(profile).build());
        response.onCompleted();
    }

    @Override
    public void getHistory(GetHistoryRequest request, StreamObserver<GetHistoryResponse> response) {
        historyRequests.add(request);
        if (failedOrLate(response)) {
            return;
        }
        response.onNext(GetHistoryResponse.newBuilder().addAllEntries(history).build());
        response.onCompleted();
    }

    @Override
    public void putEntry(PutEntryRequest request, StreamObserver<PutEntryResponse> response) {
        putRequests.add(request);
        if (failedOrLate(response)) {
            return;
        }
        ProfileEntry given = request.getEntry();
        ProfileEntry existing = stored.get(given.getId());
        if (existing != null && existing.hasValidTo()) {
            response.onError(Status.FAILED_PRECONDITION
                    .withDescription("entry " + given.getId() + " is no longer current; edit the current version")
                    .asRuntimeException());
            return;
        }
        String id = existing == null ? given.getId() : UUID.randomUUID().toString();
        ProfileEntry written = given.toBuilder()
                .setId(id)
                .setCategory(given.getCategory().isEmpty() ? "profile" : given.getCategory())
                .setSource("manual")
                .setConfidence(given.getConfidence() == 0 ? 1f : given.getConfidence())
                .setRecordedAt(timestamp(RECORDED))
                .build();
        if (existing != null) {
            stored.put(
                    existing.getId(),
                    existing.toBuilder().setValidTo(written.getValidFrom()).build());
        }
        stored.put(id, written);
        response.onNext(PutEntryResponse.newBuilder()
                .setEntry(written)
                .setCreated(existing == null)
                .setReplaced(existing == null ? "" : existing.getId())
                .build());
        response.onCompleted();
    }

    @Override
    public void deleteEntry(DeleteEntryRequest request, StreamObserver<DeleteEntryResponse> response) {
        deleteRequests.add(request);
        if (failedOrLate(response)) {
            return;
        }
        if (stored.remove(request.getEntryId()) == null) {
            response.onError(Status.NOT_FOUND
                    .withDescription("entry_id: no entry " + request.getEntryId() + " for this user")
                    .asRuntimeException());
            return;
        }
        response.onNext(DeleteEntryResponse.getDefaultInstance());
        response.onCompleted();
    }

    private boolean failedOrLate(StreamObserver<?> response) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            response.onError(failure);
            return true;
        }
        return false;
    }

    public static Timestamp timestamp(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
