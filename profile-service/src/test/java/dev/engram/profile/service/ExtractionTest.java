package dev.engram.profile.service;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static dev.engram.profile.testing.Episodes.timestamp;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rule-based extraction end to end: Observe, the worker, and what the profile then says. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ExtractionTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Test
    void observed_self_disclosures_become_profile_entries_with_their_evidence() {
        String user = newUser();
        profile.observe(observe(
                said(
                        user,
                        user + ":D1:1",
                        "Caroline",
                        "I'm a counselor and I love painting landscapes.",
                        "2023-05-08T13:56:00Z"),
                said(user, user + ":D1:2", "Melanie", "My daughter Lily just turned six!", "2023-05-08T13:57:00Z")));

        Worker.drain(worker);

        List<ProfileEntry> entries = current(user);
        assertThat(entries)
                .extracting(e -> e.getSubject() + " | " + e.getTag() + " | " + e.getFeature() + " = " + e.getValue())
                .containsExactlyInAnyOrder(
                        "Caroline | work | occupation = counselor",
                        "Caroline | hobbies and interests | enjoys = painting landscapes",
                        "Melanie | relationships | daughter = Lily");
        ProfileEntry occupation = entries.stream()
                .filter(e -> e.getFeature().equals("occupation"))
                .findFirst()
                .orElseThrow();
        assertThat(occupation.getEvidenceList()).containsExactly(user + ":D1:1");
        assertThat(occupation.getSource()).isEqualTo("rules");
        assertThat(occupation.getCategory()).isEqualTo("profile");
        assertThat(occupation.getValidFrom()).isEqualTo(timestamp(Instant.parse("2023-05-08T13:56:00Z")));
        assertThat(occupation.hasValidTo()).isFalse();
    }

    @Test
    void a_changed_value_closes_the_old_version_and_as_of_reads_return_what_held_then() {
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Anna", "I live in Boston.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);
        profile.observe(
                observe(said(user, user + ":2", "Anna", "Guess what, I moved to Denver!", "2023-09-01T09:00:00Z")));
        Worker.drain(worker);

        assertThat(values(current(user))).containsExactly("Denver");
        assertThat(values(asOf(user, "2023-06-01T00:00:00Z"))).containsExactly("Boston");
        assertThat(values(asOf(user, "2022-12-01T00:00:00Z"))).isEmpty();
        List<ProfileEntry> history = profile.getHistory(GetHistoryRequest.newBuilder()
                        .setScope(scope(user))
                        .setFeature("home")
                        .build())
                .getEntriesList();
        assertThat(history).extracting(ProfileEntry::getValue).containsExactly("Boston", "Denver");
        assertThat(history.get(0).getValidTo()).isEqualTo(history.get(1).getValidFrom());
    }

    @Test
    void the_same_fact_said_again_adds_evidence_instead_of_a_second_entry() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Jon", "I love dancing.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Jon", "Honestly, I love dancing!", "2023-02-10T09:00:00Z")));
        Worker.drain(worker);
        profile.observe(
                observe(said(user, user + ":3", "Jon", "I just love dancing so much.", "2023-03-10T09:00:00Z")));
        Worker.drain(worker);

        List<ProfileEntry> entries = current(user);
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).getEvidenceList()).containsExactly(user + ":1", user + ":2", user + ":3");
    }

    @Test
    void a_near_duplicate_in_the_same_tag_is_merged_into_the_existing_entry() {
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Gina", "I love hiking.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);
        profile.observe(observe(said(user, user + ":2", "Gina", "I love hiking trails", "2023-02-10T09:00:00Z")));
        Worker.drain(worker);

        List<ProfileEntry> entries = current(user);
        assertThat(entries).extracting(ProfileEntry::getValue).containsExactly("hiking");
        assertThat(entries.get(0).getEvidenceList()).containsExactly(user + ":1", user + ":2");
    }

    @Test
    void a_redelivered_episode_is_queued_once_and_not_extracted_again() {
        String user = newUser();
        var episode = said(user, user + ":1", "Maria", "I'm a vegetarian.", "2023-01-10T09:00:00Z");

        assertThat(profile.observe(observe(episode)).getAccepted()).isEqualTo(1);
        assertThat(profile.observe(observe(episode)).getAccepted()).isZero();
        Worker.drain(worker);
        assertThat(profile.observe(observe(episode)).getAccepted()).isZero();
        Worker.drain(worker);

        assertThat(current(user))
                .singleElement()
                .satisfies(e -> assertThat(e.getEvidenceList()).containsExactly(user + ":1"));
    }

    private List<ProfileEntry> current(String user) {
        return profile.getProfile(
                        GetProfileRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }

    private List<ProfileEntry> asOf(String user, String at) {
        return profile.getProfile(GetProfileRequest.newBuilder()
                        .setScope(scope(user))
                        .setAt(timestamp(Instant.parse(at)))
                        .build())
                .getEntriesList();
    }

    private static List<String> values(List<ProfileEntry> entries) {
        return entries.stream().map(ProfileEntry::getValue).toList();
    }
}
