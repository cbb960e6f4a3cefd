package dev.engram.profile.grpc;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static dev.engram.profile.testing.Episodes.timestamp;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.service.ExtractionWorker;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.DeleteEntryRequest;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.ForgetEpisodesResponse;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.proto.v1.PutEntryRequest;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Deleting a version that replaced another, through ForgetEpisodes (its evidence deleted) or
 * DeleteEntry, against the real database: the replaced version takes its place when it stays, and
 * manual entries stay whatever happens to the episodes they cite.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ReplacedVersionsTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Test
    void a_manual_entry_whose_evidence_is_forgotten_stays_current_and_loses_only_those_ids() {
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);
        String boston = only(current(user)).getId();
        String session = user + ":2";
        String kept = user + ":3";
        // The user corrects the extracted value, citing a session that is deleted later.
        String denver = profile.putEntry(put(user, boston, "home", "Denver", "2023-06-01T00:00:00Z", session))
                .getEntry()
                .getId();
        profile.putEntry(put(user, UUID.randomUUID().toString(), "occupation", "nurse", null, session, kept));

        ForgetEpisodesResponse forgotten = forget(user, session);

        assertThat(forgotten.getEntriesUpdated()).isEqualTo(2);
        assertThat(forgotten.getEntriesDeleted()).isZero();
        assertThat(current(user))
                .extracting(e -> e.getValue() + " " + e.getSource() + " " + e.getEvidenceList())
                .containsExactlyInAnyOrder("Denver manual []", "nurse manual [" + kept + "]");
        assertThat(only(current(user), "home").getId()).isEqualTo(denver);
        assertThat(version(user, boston).hasValidTo()).isTrue();
    }

    @Test
    void forgetting_the_evidence_of_an_extracted_update_makes_the_value_it_replaced_current_again() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Maria", "I moved to Denver.", "2023-06-10T09:00:00Z")));
        Worker.drain(worker);
        assertThat(only(current(user)).getValue()).isEqualTo("Denver");

        ForgetEpisodesResponse forgotten = forget(user, user + ":2");

        assertThat(forgotten.getEntriesDeleted()).isEqualTo(1);
        ProfileEntry boston = only(current(user));
        assertThat(boston.getValue()).isEqualTo("Boston");
        assertThat(boston.hasValidTo()).isFalse();
        assertThat(boston.getEvidenceList()).containsExactly(user + ":1");
        assertThat(history(user)).extracting(ProfileEntry::getValue).containsExactly("Boston");
    }

    @Test
    void a_run_of_forgotten_versions_hands_its_span_to_the_last_version_with_evidence() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Maria", "I moved to Denver.", "2023-06-10T09:00:00Z"),
                said(user, user + ":3", "Maria", "I moved to Austin.", "2023-09-10T09:00:00Z")));
        Worker.drain(worker);

        forget(user, user + ":3", user + ":2");

        assertThat(history(user))
                .extracting(e -> e.getValue() + " current=" + !e.hasValidTo())
                .containsExactly("Boston current=true");
    }

    @Test
    void a_replaced_version_left_without_evidence_is_deleted_not_reopened() {
        String user = newUser();
        // One episode, two values of the feature: Boston is replaced by Denver in the same batch.
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I live in Boston. I moved to Denver.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Maria", "I moved to Austin.", "2023-06-10T09:00:00Z")));
        Worker.drain(worker);
        assertThat(history(user))
                .extracting(e -> e.getValue() + " current=" + !e.hasValidTo())
                .containsExactly("Boston current=false", "Denver current=false", "Austin current=true");

        ForgetEpisodesResponse forgotten = forget(user, user + ":1", user + ":2");

        assertThat(forgotten.getEntriesDeleted()).isEqualTo(3);
        assertThat(current(user)).isEmpty();
        assertThat(history(user)).isEmpty();
    }

    @Test
    void a_replaced_version_stays_closed_while_its_replacement_keeps_evidence() {
        String user = newUser();
        profile.observe(observe(
                said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z"),
                said(user, user + ":2", "Maria", "I moved to Denver.", "2023-06-10T09:00:00Z"),
                said(user, user + ":3", "Maria", "I moved to Denver.", "2023-06-11T09:00:00Z")));
        Worker.drain(worker);

        forget(user, user + ":2");

        assertThat(history(user))
                .extracting(e -> e.getValue() + " current=" + !e.hasValidTo() + " " + e.getEvidenceList())
                .containsExactly("Boston current=false [" + user + ":1]", "Denver current=true [" + user + ":3]");
    }

    @Test
    void deleting_a_replacing_entry_by_hand_makes_the_entry_it_replaced_current_again() {
        String user = newUser();
        profile.observe(observe(said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z")));
        Worker.drain(worker);
        String boston = only(current(user)).getId();
        String denver = profile.putEntry(put(user, boston, "home", "Denver", "2023-06-01T00:00:00Z"))
                .getEntry()
                .getId();

        delete(user, denver);

        ProfileEntry reopened = only(current(user));
        assertThat(reopened.getId()).isEqualTo(boston);
        assertThat(reopened.getSource()).isEqualTo("rules");
        assertThat(reopened.hasValidTo()).isFalse();
    }

    @Test
    void deleting_a_closed_version_by_hand_extends_the_one_it_replaced_up_to_the_next() {
        String user = newUser();
        String boston = UUID.randomUUID().toString();
        profile.putEntry(put(user, boston, "home", "Boston", "2023-01-01T00:00:00Z"));
        String denver = profile.putEntry(put(user, boston, "home", "Denver", "2023-06-01T00:00:00Z"))
                .getEntry()
                .getId();
        String austin = profile.putEntry(put(user, denver, "home", "Austin", "2023-09-01T00:00:00Z"))
                .getEntry()
                .getId();

        delete(user, denver);

        assertThat(version(user, boston).getValidTo()).isEqualTo(timestamp(Instant.parse("2023-09-01T00:00:00Z")));
        assertThat(only(current(user)).getId()).isEqualTo(austin);

        delete(user, austin);

        // Boston is now what Austin replaced: a manual value needs no evidence to come back.
        ProfileEntry reopened = only(current(user));
        assertThat(reopened.getId()).isEqualTo(boston);
        assertThat(reopened.hasValidTo()).isFalse();
    }

    private ForgetEpisodesResponse forget(String user, String... episodeIds) {
        return profile.forgetEpisodes(ForgetEpisodesRequest.newBuilder()
                .setScope(scope(user))
                .addAllEpisodeIds(List.of(episodeIds))
                .build());
    }

    private void delete(String user, String id) {
        profile.deleteEntry(DeleteEntryRequest.newBuilder()
                .setScope(scope(user))
                .setEntryId(id)
                .build());
    }

    private List<ProfileEntry> current(String user) {
        return profile.getProfile(
                        GetProfileRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }

    private List<ProfileEntry> history(String user) {
        return profile.getHistory(
                        GetHistoryRequest.newBuilder().setScope(scope(user)).build())
                .getEntriesList();
    }

    private ProfileEntry version(String user, String id) {
        return history(user).stream()
                .filter(e -> e.getId().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private static ProfileEntry only(List<ProfileEntry> entries) {
        assertThat(entries).hasSize(1);
        return entries.get(0);
    }

    private static ProfileEntry only(List<ProfileEntry> entries, String feature) {
        return only(entries.stream().filter(e -> e.getFeature().equals(feature)).toList());
    }

    /** A manual edit of Maria's {@code feature}; {@code validFrom} null: now. */
    private static PutEntryRequest put(
            String user, String id, String feature, String value, String validFrom, String... evidence) {
        ProfileEntry.Builder entry = ProfileEntry.newBuilder()
                .setId(id)
                .setSubject("Maria")
                .setTag(feature.equals("home") ? "location" : "work")
                .setFeature(feature)
                .setValue(value)
                .addAllEvidence(List.of(evidence));
        if (validFrom != null) {
            entry.setValidFrom(timestamp(Instant.parse(validFrom)));
        }
        return PutEntryRequest.newBuilder()
                .setScope(scope(user))
                .setEntry(entry)
                .build();
    }
}
