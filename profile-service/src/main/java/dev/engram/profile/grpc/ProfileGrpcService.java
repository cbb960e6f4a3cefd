package dev.engram.profile.grpc;

import com.google.rpc.BadRequest.FieldViolation;
import dev.engram.grpc.Violations;
import dev.engram.profile.config.ProfileConfig;
import dev.engram.profile.mapping.ProfileMapper;
import dev.engram.profile.model.ProfileEntry;
import dev.engram.profile.service.EntryNotCurrentException;
import dev.engram.profile.service.ExtractionQueue;
import dev.engram.profile.service.InvalidEditException;
import dev.engram.profile.service.ProfileEdits;
import dev.engram.profile.service.ProfileReads;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.DeleteEntryResponse;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetEpisodesResponse;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.ForgetUserResponse;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetHistoryResponse;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.GetProfileResponse;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ObserveResponse;
import dev.engram.proto.v1.ProfileService;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.PutEntryResponse;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/** The profile contract: maps, and translates outcomes to gRPC status codes. */
@GrpcService
public class ProfileGrpcService implements ProfileService {

    private final ExtractionQueue queue;
    private final ProfileReads reads;
    private final ProfileEdits edits;
    private final ProfileConfig config;

    ProfileGrpcService(ExtractionQueue queue, ProfileReads reads, ProfileEdits edits, ProfileConfig config) {
        this.queue = queue;
        this.reads = reads;
        this.edits = edits;
        this.config = config;
    }

    @Override
    public Uni<ObserveResponse> observe(ObserveRequest request) {
        return Uni.createFrom().deferred(() -> {
            Instant arrival = Instant.now();
            return queue.observe(request.getEpisodesList().stream()
                            .map(episode -> ProfileMapper.toObserved(episode, arrival))
                            .toList())
                    .map(accepted ->
                            ObserveResponse.newBuilder().setAccepted(accepted).build());
        });
    }

    @Override
    public Uni<GetProfileResponse> getProfile(GetProfileRequest request) {
        return checked(() -> reads.profile(
                        request.getScope().getProject(),
                        request.getScope().getUserId(),
                        request.hasAt() ? ProfileMapper.toInstant(request.getAt()) : null,
                        ProfileMapper.nullIfEmpty(request.getSubject()),
                        request.getQuery(),
                        request.hasLimit() ? request.getLimit() : 0)
                .map(found -> GetProfileResponse.newBuilder()
                        .addAllEntries(toProto(found))
                        .build()));
    }

    @Override
    public Uni<GetHistoryResponse> getHistory(GetHistoryRequest request) {
        return checked(() -> reads.history(
                        request.getScope().getProject(),
                        request.getScope().getUserId(),
                        ProfileMapper.nullIfEmpty(request.getSubject()),
                        ProfileMapper.nullIfEmpty(request.getTag()),
                        ProfileMapper.nullIfEmpty(request.getFeature()))
                .map(found -> GetHistoryResponse.newBuilder()
                        .addAllEntries(toProto(found))
                        .build()));
    }

    @Override
    public Uni<PutEntryResponse> putEntry(PutEntryRequest request) {
        return checked(() -> {
                    checkEdit(request);
                    return edits.put(
                            request.getScope().getProject(),
                            request.getScope().getUserId(),
                            ProfileMapper.toEdit(request.getEntry(), config.category(), Instant.now()));
                })
                .map(result -> PutEntryResponse.newBuilder()
                        .setEntry(ProfileMapper.toProto(result.entry()))
                        .setCreated(result.created())
                        .setReplaced(
                                result.replaced() == null
                                        ? ""
                                        : result.replaced().toString())
                        .build())
                .onFailure(EntryNotCurrentException.class)
                .transform(failure -> Status.FAILED_PRECONDITION
                        .withDescription(failure.getMessage())
                        .asRuntimeException())
                .onFailure(InvalidEditException.class)
                .transform(failure -> Violations.invalid(List.of(FieldViolation.newBuilder()
                        .setField(((InvalidEditException) failure).field())
                        .setDescription(failure.getMessage())
                        .build())));
    }

    @Override
    public Uni<DeleteEntryResponse> deleteEntry(DeleteEntryRequest request) {
        return checked(() -> edits.delete(
                        request.getScope().getProject(),
                        request.getScope().getUserId(),
                        UUID.fromString(request.getEntryId()))
                .map(deleted -> {
                    if (!deleted) {
                        throw Status.NOT_FOUND
                                .withDescription("entry_id: no entry " + request.getEntryId() + " for this user")
                                .asRuntimeException();
                    }
                    return DeleteEntryResponse.getDefaultInstance();
                }));
    }

    @Override
    public Uni<ForgetEpisodesResponse> forgetEpisodes(ForgetEpisodesRequest request) {
        return checked(() -> edits.forgetEpisodes(
                        request.getScope().getProject(), request.getScope().getUserId(), request.getEpisodeIdsList())
                .map(forgotten -> ForgetEpisodesResponse.newBuilder()
                        .setEntriesUpdated(forgotten.updated())
                        .setEntriesDeleted(forgotten.deleted())
                        .build()));
    }

    @Override
    public Uni<ForgetUserResponse> forgetUser(ForgetUserRequest request) {
        return checked(() -> edits.forgetUser(
                        request.getScope().getProject(), request.getScope().getUserId())
                .map(deleted -> ForgetUserResponse.newBuilder()
                        .setEntriesDeleted(Math.toIntExact(deleted))
                        .build()));
    }

    private static List<dev.engram.proto.v1.ProfileEntry> toProto(List<ProfileEntry> entries) {
        return entries.stream().map(ProfileMapper::toProto).toList();
    }

    /** A failure of {@code work} itself, an INVALID_ARGUMENT among them, fails the call as a Uni would. */
    private static <T> Uni<T> checked(Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(work::get);
    }

    /** The declared rules are checked before a request gets here; only the service sets valid_to. */
    private static void checkEdit(PutEntryRequest request) {
        if (request.getEntry().hasValidTo()) {
            Violations violations = new Violations();
            violations.add("entry.valid_to", "is set by the service when a newer version replaces the entry");
            violations.throwIfAny();
        }
    }
}
