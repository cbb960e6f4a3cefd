package dev.engram.ingest.ingestion;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.getEpisode;
import static dev.engram.ingest.testing.TestData.list;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.util.Timestamps;
import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ProfileServiceDouble;
import dev.engram.ingest.testing.ProfileServiceDoubleResource;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeChange;
import dev.engram.proto.v1.EpisodeMetadata;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import dev.engram.proto.v1.UpdateEpisodeResponse;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Correcting an episode in place: the row takes the change and a new revision, both derived stores are fed the
 * corrected episode, and the episode is pending until vector-service has it, even when its first delivery was
 * still under way.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
@WithTestResource(ProfileServiceDoubleResource.class)
class EpisodeCorrectionTest {

    private static final Duration DELIVERY = Duration.ofSeconds(20);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    VectorServiceDouble vector;

    ProfileServiceDouble profile;

    @Test
    void a_correction_rewrites_the_episode_and_feeds_it_to_every_derived_store_again() {
        String project = newProject();
        Scope session = scope(project, "maya", "chat-1");
        ingest.addEpisodes(add(
                session,
                episode("c1", "I adopted a poodle.", "2024-03-01T10:00:00Z").toBuilder()
                        .setProducer("Maya")
                        .putMetadata("channel", "app")
                        .build()));
        Eventually.await(DELIVERY, () -> vector.indexed(project, "c1"), found -> found.isPresent());
        Eventually.await(DELIVERY, () -> profile.observed("c1"), observed -> !observed.isEmpty());

        UpdateEpisodeResponse updated = ingest.updateEpisode(update(
                project,
                "maya",
                "c1",
                EpisodeChange.newBuilder()
                        .setContent("I adopted a beagle.")
                        .setMetadata(EpisodeMetadata.newBuilder().putEntries("channel", "web"))
                        .build()));

        assertThat(updated.getChanged()).isTrue();
        Episode stored = ingest.getEpisode(getEpisode(user(project, "maya"), "c1"));
        assertThat(stored.getContent()).isEqualTo("I adopted a beagle.");
        assertThat(stored.getProducer()).as("left out, kept").isEqualTo("Maya");
        assertThat(stored.getMetadataMap()).isEqualTo(Map.of("channel", "web"));
        assertThat(stored.getScope().getSessionId()).isEqualTo("chat-1");
        assertThat(stored.getRevision()).isEqualTo(1);
        assertThat(stored.hasUpdatedAt()).isTrue();
        assertThat(updated.getEpisode()).isEqualTo(stored);

        Episode reindexed = Eventually.await(
                DELIVERY, () -> vector.indexed(project, "c1").orElseThrow(), episode -> episode.getRevision() == 1);
        assertThat(reindexed.getContent()).isEqualTo("I adopted a beagle.");
        Episode reobserved = Eventually.await(
                        DELIVERY,
                        () -> profile.observed("c1"),
                        observed -> observed.stream().anyMatch(e -> e.getRevision() == 1))
                .stream()
                .filter(e -> e.getRevision() == 1)
                .findFirst()
                .orElseThrow();
        assertThat(reobserved.getContent()).isEqualTo("I adopted a beagle.");
        Eventually.await(DELIVERY, () -> ingest.getStatus(status(project, "maya")), s -> s.getPending() == 0);
    }

    @Test
    void a_change_to_what_is_stored_already_writes_nothing() {
        String project = newProject();
        ingest.addEpisodes(add(scope(project, "leo", "s"), episode("same", "Lunch at noon.")));
        Eventually.await(DELIVERY, () -> vector.indexed(project, "same"), found -> found.isPresent());
        int deliveries = vector.deliveries(project, "same");

        UpdateEpisodeResponse answer = ingest.updateEpisode(update(
                project,
                "leo",
                "same",
                EpisodeChange.newBuilder()
                        .setContent("Lunch at noon.")
                        .setProducer("")
                        .build()));

        assertThat(answer.getChanged()).isFalse();
        assertThat(answer.getEpisode().getRevision()).isZero();
        assertThat(ingest.getStatus(status(project, "leo")).getPending()).isZero();
        assertThat(vector.deliveries(project, "same")).isEqualTo(deliveries);
    }

    @Test
    void a_new_time_moves_the_episode_in_its_session_and_an_empty_speaker_clears_it() {
        String project = newProject();
        Scope session = scope(project, "ana", "s");
        ingest.addEpisodes(add(
                session,
                episode("early", "First.", "2024-01-01T09:00:00Z").toBuilder()
                        .setRole("user")
                        .build(),
                episode("late", "Second.", "2024-01-01T10:00:00Z")));

        ingest.updateEpisode(update(
                project,
                "ana",
                "early",
                EpisodeChange.newBuilder()
                        .setTimestamp(Timestamps.parseUnchecked("2024-01-01T11:00:00Z"))
                        .setRole("")
                        .build()));

        assertThat(ingest.listEpisodes(list(session, "", 10)).getEpisodesList())
                .extracting(Episode::getId)
                .containsExactly("late", "early");
        assertThat(ingest.getEpisode(getEpisode(user(project, "ana"), "early")).getRole())
                .isEmpty();
    }

    @Test
    void a_correction_while_the_old_text_is_being_delivered_stays_pending_until_the_new_one_is_indexed()
            throws InterruptedException {
        String project = newProject();
        VectorServiceDouble.Hold hold = vector.hold("inflight");
        ingest.addEpisodes(add(scope(project, "kim", "s"), episode("inflight", "Meeting on Monday.")));
        assertThat(hold.awaitArrival(DELIVERY)).isTrue();

        ingest.updateEpisode(update(
                project,
                "kim",
                "inflight",
                EpisodeChange.newBuilder().setContent("Meeting on Tuesday.").build()));
        hold.release();

        Episode last = Eventually.await(
                        DELIVERY,
                        () -> vector.indexed(project, "inflight"),
                        indexed -> indexed.isPresent() && indexed.get().getRevision() == 1)
                .orElseThrow();
        assertThat(last.getContent()).isEqualTo("Meeting on Tuesday.");
        Eventually.await(DELIVERY, () -> ingest.getStatus(status(project, "kim")), s -> s.getPending() == 0);
        assertThat(vector.indexed(project, "inflight").orElseThrow().getContent())
                .isEqualTo("Meeting on Tuesday.");
    }

    @Test
    void another_users_episode_is_not_found_and_bad_changes_are_refused_by_field() {
        String project = newProject();
        ingest.addEpisodes(add(scope(project, "owner", "s"), episode("mine", "Private note.")));

        StatusRuntimeException notFound = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.updateEpisode(update(
                        project,
                        "someone-else",
                        "mine",
                        EpisodeChange.newBuilder().setContent("Overwritten").build())));
        assertThat(notFound.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);

        StatusRuntimeException blank = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.updateEpisode(update(
                        project,
                        "owner",
                        "mine",
                        EpisodeChange.newBuilder().setContent("").build())));
        assertThat(blank.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(blank.getStatus().getDescription()).contains("change.content");

        UpdateEpisodeResponse empty = ingest.updateEpisode(UpdateEpisodeRequest.newBuilder()
                .setScope(user(project, "owner"))
                .setEpisodeId("mine")
                .build());
        assertThat(empty.getChanged()).as("an empty change changes nothing").isFalse();

        assertThat(ingest.getEpisode(getEpisode(user(project, "owner"), "mine")).getContent())
                .isEqualTo("Private note.");
    }

    private static UpdateEpisodeRequest update(String project, String userId, String episodeId, EpisodeChange change) {
        return UpdateEpisodeRequest.newBuilder()
                .setScope(user(project, userId))
                .setEpisodeId(episodeId)
                .setChange(change)
                .build();
    }

    private static GetStatusRequest status(String project, String userId) {
        return GetStatusRequest.newBuilder().setScope(user(project, userId)).build();
    }
}
