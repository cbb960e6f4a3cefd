package dev.engram.profile.grpc;

import static dev.engram.profile.testing.Episodes.newUser;
import static dev.engram.profile.testing.Episodes.observe;
import static dev.engram.profile.testing.Episodes.said;
import static dev.engram.profile.testing.Episodes.scope;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.profile.service.ExtractionWorker;
import dev.engram.profile.testing.Worker;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetHistoryRequest;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ProfileEntry;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An episode corrected in ingest-service arrives again with a higher revision: what its old text gave is forgotten
 * and its new text extracted in its place; a revision delivered again changes nothing.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class CorrectedEpisodesTest {

    @GrpcClient("profile")
    ProfileServiceBlockingStub profile;

    @Inject
    ExtractionWorker worker;

    @Test
    void a_corrected_episode_replaces_what_its_old_text_gave() {
        String user = newUser();
        Episode first = said(user, user + ":1", "Maria", "I live in Boston.", "2023-01-10T09:00:00Z");
        profile.observe(observe(first));
        Worker.drain(worker);
        assertThat(current(user)).extracting(ProfileEntry::getValue).containsExactly("Boston");

        Episode corrected =
                first.toBuilder().setContent("I live in Denver.").setRevision(1).build();
        assertThat(profile.observe(observe(corrected)).getAccepted()).isEqualTo(1);
        Worker.drain(worker);

        assertThat(current(user))
                .extracting(entry -> entry.getValue() + " " + entry.getEvidenceList())
                .containsExactly("Denver [" + user + ":1]");
        assertThat(history(user))
                .as("the old text's value is gone, not a version of the new one")
                .extracting(ProfileEntry::getValue)
                .containsExactly("Denver");
    }

    @Test
    void a_revision_delivered_again_or_an_older_one_arriving_late_changes_nothing() {
        String user = newUser();
        Episode first = said(user, user + ":1", "Maria", "I work as a nurse.", "2023-01-10T09:00:00Z");
        Episode corrected = first.toBuilder()
                .setContent("I work as a teacher.")
                .setRevision(1)
                .build();
        profile.observe(observe(first));
        profile.observe(observe(corrected));
        Worker.drain(worker);
        List<ProfileEntry> before = current(user);
        assertThat(before).extracting(ProfileEntry::getValue).containsExactly("teacher");

        assertThat(profile.observe(observe(corrected)).getAccepted()).isZero();
        assertThat(profile.observe(observe(first)).getAccepted()).isZero();
        Worker.drain(worker);

        assertThat(current(user)).isEqualTo(before);
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
}
