package dev.engram.profile.grpc;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static dev.engram.profile.testing.Episodes.timestamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.profile.extraction.RuleExtractor;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.ProfileSource;
import dev.engram.profile.service.ExtractionQueue;
import dev.engram.profile.service.ExtractionWorker;
import dev.engram.profile.service.LeaseLostException;
import dev.engram.profile.service.ProfileWriter;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.ForgetUserRequest;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** ForgetUser against the real database: what goes, and what must stay. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ForgetUserTest {

    private static final String OTHER_PROJECT = "elsewhere";

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Inject
    ExtractionQueue queue;

    @Inject
    ProfileWriter writer;

    @Inject
    RuleExtractor rules;

    @Test
    void forget_user_deletes_every_version_of_every_entry_and_the_queued_episodes_of_that_user_only() throws Throwable {
        String user = newUser();
        String other = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I love baking.", "2023-01-10T09:00:00Z"),
                said(other, other + ":1", "Tom", "I love rowing.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);
        String manual = UUID.randomUUID().toString();
        profile.putEntry(put(scope(user), manual, "Boston", "2023-01-01T00:00:00Z"));
        profile.putEntry(put(scope(user), manual, "Denver", "2023-09-01T00:00:00Z"));
        profile.putEntry(put(scope(other), UUID.randomUUID().toString(), "Oslo", "2023-01-01T00:00:00Z"));
        profile.putEntry(put(inOtherProject(user), UUID.randomUUID().toString(), "Lima", "2023-01-01T00:00:00Z"));
        profile.observe(observe(
                said(user, user + ":2", "Maria", "I'm a teacher.", "2023-01-11T09:00:00Z"),
                said(other, other + ":2", "Tom", "I'm a pilot.", "2023-01-11T09:00:00Z")));
        assertThat(history(scope(user)))
                .extracting(ProfileEntry::getValue)
                .containsExactlyInAnyOrder("baking", "Boston", "Denver");
        assertThat(waiting(user)).isEqualTo(1);
        List<ProfileEntry> othersBefore = history(scope(other));
        List<ProfileEntry> elsewhereBefore = history(inOtherProject(user));

        int deleted = profile.forgetUser(forget(scope(user))).getEntriesDeleted();

        assertThat(deleted).isEqualTo(3);
        assertThat(history(scope(user))).isEmpty();
        assertThat(waiting(user)).isZero();
        assertThat(history(scope(other))).isEqualTo(othersBefore);
        assertThat(waiting(other)).isEqualTo(1);
        assertThat(history(inOtherProject(user))).isEqualTo(elsewhereBefore);
        Worker.drain(worker);
        assertThat(history(scope(user))).isEmpty();
        assertThat(history(scope(other)))
                .extracting(ProfileEntry::getValue)
                .containsExactlyInAnyOrder("rowing", "Oslo", "pilot");
    }

    @Test
    void a_forgotten_users_episodes_are_forgotten_too_so_a_deliberate_redelivery_is_queued_again() {
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Maria", "I love baking.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);

        profile.forgetUser(forget(scope(user)));

        assertThat(profile.observe(observe(said(user, user + ":1", "Maria", "I love baking.", "2023-01-10T09:00:00Z")))
                        .getAccepted())
                .isEqualTo(1);
    }

    @Test
    void forgetting_a_user_again_or_one_never_seen_deletes_nothing() {
        String user = newUser();
        profile.putEntry(put(scope(user), UUID.randomUUID().toString(), "Boston", "2023-01-01T00:00:00Z"));

        assertThat(profile.forgetUser(forget(scope(user))).getEntriesDeleted()).isEqualTo(1);
        assertThat(profile.forgetUser(forget(scope(user))).getEntriesDeleted()).isZero();
        assertThat(profile.forgetUser(forget(scope(newUser()))).getEntriesDeleted())
                .isZero();
    }

    @Test
    void a_batch_claimed_before_its_user_was_forgotten_writes_nothing() throws Throwable {
        Worker.drain(worker);
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Ana", "I'm a teacher.", "2023-01-10T09:00:00Z")));
        ClaimedBatch claimed =
                VertxContextSupport.subscribeAndAwait(queue::claim).orElseThrow();
        assertThat(claimed.userId()).isEqualTo(user);

        profile.forgetUser(forget(scope(user)));
        Throwable late = catchThrowable(() -> VertxContextSupport.subscribeAndAwait(
                () -> writer.write(claimed, rules.extract(claimed.episodes()), ProfileSource.RULES)));

        assertThat(late).isInstanceOf(LeaseLostException.class);
        assertThat(history(scope(user))).isEmpty();
    }

    @Test
    void a_request_without_a_valid_project_or_user_is_an_invalid_argument_naming_the_field_and_deletes_nothing() {
        String user = newUser();
        profile.putEntry(put(scope(user), UUID.randomUUID().toString(), "Boston", "2023-01-01T00:00:00Z"));

        assertInvalid(forget(Scope.newBuilder().setUserId(user).build()), "scope.project");
        assertInvalid(forget(Scope.newBuilder().setProject("default").build()), "scope.user_id");
        assertInvalid(forget(scope("bad user!")), "scope.user_id");

        assertThat(history(scope(user))).extracting(ProfileEntry::getValue).containsExactly("Boston");
    }

    private void assertInvalid(ForgetUserRequest request, String field) {
        StatusRuntimeException failure =
                catchThrowableOfType(StatusRuntimeException.class, () -> profile.forgetUser(request));
        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(failure.getStatus().getDescription()).contains(field);
    }

    private long waiting(String user) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> queue.countWaiting("default", user));
    }

    private List<ProfileEntry> history(Scope scope) {
        return profile.getHistory(GetHistoryRequest.newBuilder().setScope(scope).build())
                .getEntriesList();
    }

    private static Scope inOtherProject(String user) {
        return scope(user).toBuilder().setProject(OTHER_PROJECT).build();
    }

    private static ForgetUserRequest forget(Scope scope) {
        return ForgetUserRequest.newBuilder().setScope(scope).build();
    }

    private static PutEntryRequest put(Scope scope, String id, String city, String validFrom) {
        return PutEntryRequest.newBuilder()
                .setScope(scope)
                .setEntry(ProfileEntry.newBuilder()
                        .setId(id)
                        .setSubject("Maria")
                        .setTag("location")
                        .setFeature("home")
                        .setValue(city)
                        .setValidFrom(timestamp(Instant.parse(validFrom))))
                .build();
    }
}
