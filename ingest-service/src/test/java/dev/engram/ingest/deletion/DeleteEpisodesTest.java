package dev.engram.ingest.deletion;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.delete;
import static dev.engram.ingest.testing.TestData.deleteEpisode;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.getDeletion;
import static dev.engram.ingest.testing.TestData.list;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static dev.engram.ingest.testing.TestData.user;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.OutboxRows;
import dev.engram.ingest.testing.ProfileServiceDouble;
import dev.engram.ingest.testing.ProfileServiceDoubleResource;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.DeletionState;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.ForgetEpisodesRequest;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each deletion scope removes exactly its episodes from PostgreSQL, the vector index and the profile,
 * and nothing of other users, sessions or projects. Profile delivery is on, so both stores are purged.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
@WithTestResource(ProfileServiceDoubleResource.class)
class DeleteEpisodesTest {

    static final Duration SETTLED = Duration.ofSeconds(20);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    VectorServiceDouble vector;

    ProfileServiceDouble profile;

    private String project;
    private String otherProject;

    /**
     * Alice: a1, a2, a3 in s1 and b1 in s2. Bob: c1 in a session also named s1. Another project has
     * an alice with a session s1 and an episode a2 of its own. Everything is indexed and observed, and
     * no delivery is left in the outbox.
     */
    @BeforeEach
    void storeAndIndex() {
        project = newProject();
        otherProject = newProject();
        ingest.addEpisodes(add(scope(project, "alice", "s1"), episode("a1", "one"), episode("a2", "two")));
        ingest.addEpisodes(add(scope(project, "alice", "s1"), episode("a3", "three")));
        ingest.addEpisodes(add(scope(project, "alice", "s2"), episode("b1", "other session")));
        ingest.addEpisodes(add(scope(project, "bob", "s1"), episode("c1", "bob's")));
        ingest.addEpisodes(add(scope(otherProject, "alice", "s1"), episode("a2", "other project")));
        for (String id : List.of("a1", "a2", "a3", "b1", "c1")) {
            Eventually.await(SETTLED, () -> vector.indexed(project, id).isPresent(), indexed -> indexed);
            Eventually.await(SETTLED, () -> profile.observed(id).size(), observed -> observed > 0);
        }
        Eventually.await(SETTLED, () -> vector.indexed(otherProject, "a2").isPresent(), indexed -> indexed);
        // The stores have seen every episode; the relay may still be finishing its deliveries, and a
        // deletion meeting a delivery under way stays pending until that delivery's lease ends.
        OutboxRows outbox = new OutboxRows(dataSource);
        for (String store : List.of("vector", "profile")) {
            Eventually.await(SETTLED, () -> outbox.count(project, store), rows -> rows == 0);
            Eventually.await(SETTLED, () -> outbox.count(otherProject, store), rows -> rows == 0);
        }
    }

    @AfterEach
    void storesUpAgain() {
        vector.setUnavailable(false);
        vector.setDeleteDelay(Duration.ZERO);
        profile.setUnavailable(false);
    }

    @Test
    void deleting_an_episode_removes_exactly_that_episode_everywhere() {
        Deletion deletion = ingest.deleteEpisodes(deleteEpisode(project, "alice", "a2"));

        assertThat(deletion.getState()).isEqualTo(DeletionState.DELETION_STATE_COMPLETE);
        assertThat(deletion.getEpisodes()).isEqualTo(1);
        assertThat(deletion.getPendingStoresList()).isEmpty();
        assertThat(listed(project, "alice")).containsExactly("a1", "a3", "b1");
        assertThat(listed(project, "bob")).containsExactly("c1");
        assertThat(listed(otherProject, "alice")).containsExactly("a2");
        assertThat(new OutboxRows(dataSource).count(project, "a2", "vector")).isZero();
        assertThat(vector.indexed(project, "a2")).isEmpty();
        assertThat(vector.indexed(project, "a1")).isPresent();
        assertThat(vector.indexed(otherProject, "a2")).isPresent();
        VectorDeleteRequest purge = only(vector.deletes(project));
        assertThat(purge.getEpisodeIdsList()).containsExactly("a2");
        assertThat(purge.getScope()).isEqualTo(user(project, "alice"));
        ForgetEpisodesRequest forget = only(profile.forgottenEpisodes(project));
        assertThat(forget.getEpisodeIdsList()).containsExactly("a2");
        assertThat(forget.getScope()).isEqualTo(user(project, "alice"));
        assertThat(ingest.getStatus(status(project, "alice")).getStored()).isEqualTo(3);
        assertThat(ingest.getDeletion(getDeletion(project, deletion.getId()))).isEqualTo(deletion);
    }

    @Test
    void deleting_a_session_leaves_other_sessions_users_and_projects_untouched() {
        Deletion deletion = ingest.deleteEpisodes(delete(scope(project, "alice", "s1")));

        assertThat(deletion.getState()).isEqualTo(DeletionState.DELETION_STATE_COMPLETE);
        assertThat(deletion.getEpisodes()).isEqualTo(3);
        assertThat(listed(project, "alice")).containsExactly("b1");
        assertThat(listed(project, "bob")).containsExactly("c1");
        assertThat(listed(otherProject, "alice")).containsExactly("a2");
        assertThat(List.of("a1", "a2", "a3"))
                .allSatisfy(id -> assertThat(vector.indexed(project, id)).isEmpty());
        assertThat(vector.indexed(project, "b1")).isPresent();
        assertThat(vector.indexed(project, "c1")).isPresent();
        assertThat(vector.indexed(otherProject, "a2")).isPresent();
        VectorDeleteRequest purge = only(vector.deletes(project));
        assertThat(purge.getScope()).isEqualTo(scope(project, "alice", "s1"));
        assertThat(purge.getEpisodeIdsList()).isEmpty();
        assertThat(only(profile.forgottenEpisodes(project)).getEpisodeIdsList())
                .containsExactlyInAnyOrder("a1", "a2", "a3");
        assertThat(profile.forgottenUsers(project)).isEmpty();
    }

    @Test
    void deleting_a_user_removes_all_their_episodes_and_nothing_of_anyone_else() {
        Deletion deletion = ingest.deleteEpisodes(delete(user(project, "alice")));

        assertThat(deletion.getState()).isEqualTo(DeletionState.DELETION_STATE_COMPLETE);
        assertThat(deletion.getEpisodes()).isEqualTo(4);
        assertThat(listed(project, "alice")).isEmpty();
        assertThat(ingest.getStatus(status(project, "alice")).getStored()).isZero();
        assertThat(listed(project, "bob")).containsExactly("c1");
        assertThat(listed(otherProject, "alice")).containsExactly("a2");
        assertThat(List.of("a1", "a2", "a3", "b1"))
                .allSatisfy(id -> assertThat(vector.indexed(project, id)).isEmpty());
        assertThat(vector.indexed(project, "c1")).isPresent();
        assertThat(vector.indexed(otherProject, "a2")).isPresent();
        VectorDeleteRequest purge = only(vector.deletes(project));
        assertThat(purge.getScope()).isEqualTo(user(project, "alice"));
        assertThat(purge.getEpisodeIdsList()).isEmpty();
        assertThat(only(profile.forgottenUsers(project)).getScope()).isEqualTo(user(project, "alice"));
        assertThat(profile.forgottenEpisodes(project)).isEmpty();
        assertThat(profile.forgottenUsers(otherProject)).isEmpty();
    }

    @Test
    void deleting_an_episode_the_user_does_not_have_is_not_found_and_deletes_nothing() {
        assertNotFound(deleteEpisode(project, "alice", "never-added"));
        assertNotFound(deleteEpisode(project, "alice", "c1"));
        assertNotFound(delete(scope(project, "alice", "s2")).toBuilder()
                .setEpisodeId("a1")
                .build());

        assertThat(listed(project, "alice")).containsExactly("a1", "a2", "a3", "b1");
        assertThat(listed(project, "bob")).containsExactly("c1");
        assertThat(vector.deletes(project)).isEmpty();
    }

    @Test
    void deleting_an_empty_session_or_user_is_complete_with_no_episodes() {
        Deletion session = ingest.deleteEpisodes(delete(scope(project, "alice", "never-used")));
        Deletion user = ingest.deleteEpisodes(delete(user(project, "nobody")));

        assertThat(session.getState()).isEqualTo(DeletionState.DELETION_STATE_COMPLETE);
        assertThat(session.getEpisodes()).isZero();
        assertThat(user.getState()).isEqualTo(DeletionState.DELETION_STATE_COMPLETE);
        assertThat(user.getEpisodes()).isZero();
        assertThat(listed(project, "alice")).hasSize(4);
        // A user may have profile entries without episodes (manual ones): those are forgotten too.
        assertThat(only(profile.forgottenUsers(project)).getScope().getUserId()).isEqualTo("nobody");
    }

    @Test
    void a_store_that_is_down_leaves_the_deletion_pending_until_it_is_back() {
        vector.setUnavailable(true);

        Deletion pending = ingest.deleteEpisodes(deleteEpisode(project, "alice", "a1"));

        assertThat(pending.getState()).isEqualTo(DeletionState.DELETION_STATE_PENDING);
        assertThat(pending.getPendingStoresList()).containsExactly("vector");
        assertThat(pending.getEpisodes()).isEqualTo(1);
        assertThat(listed(project, "alice")).doesNotContain("a1");
        assertThat(only(profile.forgottenEpisodes(project)).getEpisodeIdsList()).containsExactly("a1");
        assertThat(ingest.getDeletion(getDeletion(project, pending.getId())).getState())
                .isEqualTo(DeletionState.DELETION_STATE_PENDING);

        vector.setUnavailable(false);

        Deletion complete = Eventually.await(
                SETTLED,
                () -> ingest.getDeletion(getDeletion(project, pending.getId())),
                d -> d.getState() == DeletionState.DELETION_STATE_COMPLETE);
        assertThat(complete.getPendingStoresList()).isEmpty();
        assertThat(complete.getEpisodes()).isEqualTo(1);
        assertThat(only(vector.deletes(project)).getEpisodeIdsList()).containsExactly("a1");
        assertThat(vector.indexed(project, "a1")).isEmpty();
        assertThat(vector.indexed(project, "a2")).isPresent();
    }

    @Test
    void a_store_that_answers_after_its_purge_deadline_leaves_the_deletion_pending() {
        // %test.engram.clients.vector.methods.delete.deadline is 2s.
        vector.setDeleteDelay(Duration.ofSeconds(3));

        Deletion pending = ingest.deleteEpisodes(delete(scope(project, "alice", "s2")));

        assertThat(pending.getState()).isEqualTo(DeletionState.DELETION_STATE_PENDING);
        assertThat(pending.getPendingStoresList()).containsExactly("vector");
        vector.setDeleteDelay(Duration.ZERO);
        Eventually.await(
                SETTLED,
                () -> ingest.getDeletion(getDeletion(project, pending.getId())).getState(),
                state -> state == DeletionState.DELETION_STATE_COMPLETE);
        assertThat(vector.indexed(project, "b1")).isEmpty();
    }

    @Test
    void a_profile_outage_is_reported_as_a_pending_profile_purge_and_finished_later() {
        profile.setUnavailable(true);

        Deletion pending = ingest.deleteEpisodes(delete(user(project, "alice")));

        assertThat(pending.getState()).isEqualTo(DeletionState.DELETION_STATE_PENDING);
        assertThat(pending.getPendingStoresList()).containsExactly("profile");
        assertThat(vector.indexed(project, "a1")).isEmpty();
        profile.setUnavailable(false);
        Eventually.await(
                SETTLED,
                () -> ingest.getDeletion(getDeletion(project, pending.getId())).getState(),
                state -> state == DeletionState.DELETION_STATE_COMPLETE);
        assertThat(only(profile.forgottenUsers(project)).getScope().getUserId()).isEqualTo("alice");
    }

    @Test
    void what_a_user_adds_after_a_deletion_is_searchable_once_the_late_purge_is_done() {
        vector.setUnavailable(true);
        Deletion pending = ingest.deleteEpisodes(delete(user(project, "alice")));
        ingest.addEpisodes(add(scope(project, "alice", "s1"), episode("a1", "added again")));

        vector.setUnavailable(false);

        Eventually.await(
                SETTLED,
                () -> ingest.getDeletion(getDeletion(project, pending.getId())).getState(),
                state -> state == DeletionState.DELETION_STATE_COMPLETE);
        Eventually.await(SETTLED, () -> ingest.getStatus(status(project, "alice")), s -> s.getPending() == 0);
        assertThat(vector.indexed(project, "a1").map(Episode::getContent)).contains("added again");
        assertThat(vector.indexed(project, "a2")).isEmpty();
    }

    @Test
    void an_episode_deleted_while_it_is_being_indexed_does_not_stay_in_the_index() throws Exception {
        VectorServiceDouble.Hold indexing = vector.hold("raced");
        ingest.addEpisodes(add(scope(project, "alice", "s1"), episode("raced", "in flight")));
        assertThat(indexing.awaitArrival(SETTLED))
                .as("the relay is indexing the episode")
                .isTrue();

        Deletion deletion = ingest.deleteEpisodes(deleteEpisode(project, "alice", "raced"));
        assertThat(deletion.getState())
                .as("not complete while a delivery of the episode may still land in the index")
                .isEqualTo(DeletionState.DELETION_STATE_PENDING);
        assertThat(deletion.getPendingStoresList()).contains("vector");
        indexing.release();

        Eventually.await(SETTLED, () -> vector.deliveries(project, "raced"), delivered -> delivered == 1);
        Eventually.await(SETTLED, () -> vector.indexed(project, "raced").isPresent(), indexed -> !indexed);
        assertThat(vector.deletes(project).stream()
                        .map(request -> List.copyOf(request.getEpisodeIdsList()))
                        .toList())
                .as("the deletion's purge, then the relay's once its delivery was over")
                .containsExactly(List.of("raced"), List.of("raced"));
    }

    @Test
    void answers_are_counted_by_outcome_and_unfinished_deletions_are_exported_as_a_gauge() {
        double pendingBefore = metric("engram_deletions_total{outcome=\"pending\"}");
        vector.setUnavailable(true);

        ingest.deleteEpisodes(deleteEpisode(project, "alice", "a1"));

        assertThat(metric("engram_deletions_total{outcome=\"pending\"}")).isEqualTo(pendingBefore + 1);
        Eventually.await(SETTLED, () -> metric("engram_deletions_pending"), unfinished -> unfinished >= 1);
        vector.setUnavailable(false);
        Eventually.await(SETTLED, () -> metric("engram_deletions_pending"), unfinished -> unfinished == 0);
        double completeBefore = metric("engram_deletions_total{outcome=\"complete\"}");
        ingest.deleteEpisodes(deleteEpisode(project, "alice", "a2"));
        assertThat(metric("engram_deletions_total{outcome=\"complete\"}")).isEqualTo(completeBefore + 1);
    }

    @Test
    void a_deletion_is_reported_only_within_its_project() {
        Deletion deletion = ingest.deleteEpisodes(deleteEpisode(project, "alice", "a3"));

        StatusRuntimeException elsewhere = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getDeletion(getDeletion(otherProject, deletion.getId())));
        StatusRuntimeException unknown = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.getDeletion(getDeletion(project, "00000000-0000-4000-8000-000000000000")));
        StatusRuntimeException malformed = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getDeletion(getDeletion(project, "not-a-uuid")));

        assertThat(elsewhere.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(unknown.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(malformed.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(malformed.getStatus().getDescription()).contains("deletion_id");
    }

    @Test
    void a_deletion_naming_an_agent_or_without_a_user_is_invalid_and_deletes_nothing() {
        StatusRuntimeException agent = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.deleteEpisodes(delete(
                        user(project, "alice").toBuilder().setAgentId("planner").build())));
        StatusRuntimeException noUser = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.deleteEpisodes(delete(user(project, ""))));

        assertThat(agent.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(agent.getStatus().getDescription()).contains("scope.agent_id");
        assertThat(noUser.getStatus().getDescription()).contains("scope.user_id");
        assertThat(listed(project, "alice")).hasSize(4);
    }

    private void assertNotFound(DeleteEpisodesRequest request) {
        StatusRuntimeException error =
                catchThrowableOfType(StatusRuntimeException.class, () -> ingest.deleteEpisodes(request));

        assertThat(error).as(request.toString()).isNotNull();
        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }

    private List<String> listed(String inProject, String userId) {
        return ingest.listEpisodes(list(user(inProject, userId), "", 1000)).getEpisodesList().stream()
                .map(Episode::getId)
                .toList();
    }

    /** The value of the metric line that starts with {@code series}; 0 while it is not exported. */
    private static double metric(String series) {
        return given().get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines()
                .filter(line -> line.startsWith(series + " "))
                // A traced sample may end in an exemplar ("# {trace_id=…} 1.0 <time>"); the value precedes it.
                .mapToDouble(line ->
                        Double.parseDouble(line.replaceFirst(" # .*", "").replaceFirst(".* ", "")))
                .findFirst()
                .orElse(0);
    }

    private static <T> T only(List<T> items) {
        assertThat(items).hasSize(1);
        return items.get(0);
    }
}
