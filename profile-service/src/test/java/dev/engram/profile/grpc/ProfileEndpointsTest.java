package dev.engram.profile.grpc;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static dev.engram.profile.testing.Episodes.timestamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.profile.service.ExtractionWorker;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetEpisodesResponse;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.PutEntryResponse;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ProfileEndpointsTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Test
    void a_query_ranks_the_related_entries_first_leaves_out_unrelated_ones_and_honours_the_limit() {
        String user = newUser();
        put(user, "Caroline", "work", "occupation", "counselor");
        put(user, "Caroline", "hobbies and interests", "enjoys", "painting");
        put(user, "Caroline", "hobbies and interests", "enjoys", "hiking in the mountains");
        put(user, "Caroline", "location", "home", "Denver");

        List<ProfileEntry> ranked = query(user, "Which mountains does she go hiking in?", null);
        List<ProfileEntry> limited = query(user, "painting or hiking?", 1);

        assertThat(ranked).extracting(ProfileEntry::getValue).containsExactly("hiking in the mountains");
        assertThat(limited).hasSize(1);
    }

    @Test
    void a_manual_put_creates_then_versions_an_entry_and_delete_removes_it_for_good() {
        String user = newUser();
        String id = UUID.randomUUID().toString();
        PutEntryResponse created =
                profile.putEntry(request(user, id, "Anna", "location", "home", "Boston", "2023-01-01T00:00:00Z"));
        PutEntryResponse again =
                profile.putEntry(request(user, id, "Anna", "location", "home", "Boston", "2023-01-01T00:00:00Z"));
        PutEntryResponse moved =
                profile.putEntry(request(user, id, "Anna", "location", "home", "Denver", "2023-09-01T00:00:00Z"));

        assertThat(created.getCreated()).isTrue();
        assertThat(created.getEntry().getId()).isEqualTo(id);
        assertThat(created.getEntry().getSource()).isEqualTo("manual");
        assertThat(again.getCreated()).isFalse();
        assertThat(again.getReplaced()).isEmpty();
        assertThat(moved.getReplaced()).isEqualTo(id);
        assertThat(history(user)).extracting(ProfileEntry::getValue).containsExactly("Boston", "Denver");

        StatusRuntimeException closed = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> profile.putEntry(request(user, id, "Anna", "location", "home", "Paris", "2024-01-01T00:00:00Z")));
        assertThat(closed.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);

        profile.deleteEntry(DeleteEntryRequest.newBuilder()
                .setScope(scope(user))
                .setEntryId(id)
                .build());

        assertThat(history(user)).extracting(ProfileEntry::getValue).containsExactly("Denver");
        StatusRuntimeException missing = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> profile.deleteEntry(DeleteEntryRequest.newBuilder()
                        .setScope(scope(user))
                        .setEntryId(id)
                        .build()));
        assertThat(missing.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }

    @Test
    void bad_input_is_invalid_argument_naming_the_field_and_changes_nothing() {
        String user = newUser();
        String id = UUID.randomUUID().toString();
        put(user, "Anna", "work", "occupation", "nurse");
        List<ProfileEntry> before = history(user);

        assertInvalid(
                () -> profile.putEntry(request(user, "not-a-uuid", "Anna", "work", "occupation", "doctor", null)),
                "entry.id");
        assertInvalid(
                () -> profile.putEntry(request(user, id, "", "work", "occupation", "doctor", null)), "entry.subject");
        assertInvalid(
                () -> profile.putEntry(request(user, id, "Anna", "work", "occupation", " ", null)), "entry.value");
        assertInvalid(
                () -> profile.putEntry(request(user, id, "Anna", "work", "occupation", "x".repeat(1001), null)),
                "entry.value");
        assertInvalid(
                () -> profile.putEntry(request("bad user!", id, "Anna", "work", "occupation", "doctor", null)),
                "scope.user_id");
        assertInvalid(
                () -> profile.deleteEntry(DeleteEntryRequest.newBuilder()
                        .setScope(scope(user))
                        .setEntryId("42")
                        .build()),
                "entry_id");
        assertInvalid(
                () -> profile.getProfile(GetProfileRequest.newBuilder()
                        .setScope(scope(user))
                        .setLimit(-1)
                        .build()),
                "limit");
        assertInvalid(
                () -> profile.observe(ObserveRequest.newBuilder()
                        .addEpisodes(said(user, "", "Anna", "I'm a doctor.", "2023-01-01T00:00:00Z"))
                        .build()),
                "episodes[0].id");

        assertThat(history(user)).isEqualTo(before);
    }

    @Test
    void forgetting_episodes_removes_their_evidence_and_deletes_entries_left_without_any() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I love baking.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Maria", "I love baking!", "2023-01-11T09:00:00Z"),
                said(user, user + ":3", "Maria", "I'm allergic to peanuts.", "2023-01-12T09:00:00Z")));
        Worker.drain(worker);
        put(user, "Maria", "location", "home", "Lisbon");

        ForgetEpisodesResponse forgotten = profile.forgetEpisodes(ForgetEpisodesRequest.newBuilder()
                .setScope(scope(user))
                .addEpisodeIds(user + ":1")
                .addEpisodeIds(user + ":3")
                .build());

        assertThat(forgotten.getEntriesUpdated()).isEqualTo(1);
        assertThat(forgotten.getEntriesDeleted()).isEqualTo(1);
        assertThat(history(user))
                .extracting(e -> e.getValue() + " " + e.getEvidenceList())
                .containsExactlyInAnyOrder("baking [" + user + ":2]", "Lisbon []");
    }

    private void put(String user, String subject, String tag, String feature, String value) {
        profile.putEntry(
                request(user, UUID.randomUUID().toString(), subject, tag, feature, value, "2023-01-01T00:00:00Z"));
    }

    private static PutEntryRequest request(
            String user, String id, String subject, String tag, String feature, String value, String validFrom) {
        ProfileEntry.Builder entry = ProfileEntry.newBuilder()
                .setId(id)
                .setSubject(subject)
                .setTag(tag)
                .setFeature(feature)
                .setValue(value);
        if (validFrom != null) {
            entry.setValidFrom(timestamp(Instant.parse(validFrom)));
        }
        return PutEntryRequest.newBuilder()
                .setScope(scope(user))
                .setEntry(entry)
                .build();
    }

    /** {@code limit} null: every entry. */
    private List<ProfileEntry> query(String user, String query, Integer limit) {
        GetProfileRequest.Builder request =
                GetProfileRequest.newBuilder().setScope(scope(user)).setQuery(query);
        if (limit != null) {
            request.setLimit(limit);
        }
        return profile.getProfile(request.build()).getEntriesList();
    }

    private List<ProfileEntry> history(String user) {
        return profile.getHistory(
                        GetHistoryRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }

    private static void assertInvalid(Runnable call, String field) {
        StatusRuntimeException failure = catchThrowableOfType(StatusRuntimeException.class, call::run);
        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(failure.getStatus().getDescription()).contains(field);
    }
}
