package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Timestamp;
import com.google.rpc.BadRequest;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorHit;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URL;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Delete and Count over real gRPC, with the real embedding model and unit splitter: a one-sentence
 * episode is two units (its turn and its sentence), a two-sentence one three. Each test owns fresh projects.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class VectorDeleteAndCountTest {

    private static final long T0 = 1_683_550_800L; // 2023-05-08T13:00:00Z
    private static final String ONE_SENTENCE = "I moved to Lisbon last spring";
    private static final String TWO_SENTENCES = "We flew to Lisbon in May. The food there was great.";

    @TestHTTPResource("/")
    URL server;

    private ManagedChannel channel;
    private final String project = "project-" + UUID.randomUUID();

    @BeforeEach
    void connect() {
        channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void count_reports_the_users_episodes_turn_units_and_all_units() {
        index(
                episode(project, "caroline", "s1", "e-1", ONE_SENTENCE),
                episode(project, "caroline", "s2", "e-2", TWO_SENTENCES),
                episode(project, "melanie", "s1", "e-3", ONE_SENTENCE));

        assertThat(count(project, "caroline")).isEqualTo(counts(2, 2, 5));
        assertThat(count(project, "melanie")).isEqualTo(counts(1, 1, 2));
        assertThat(count(project, "nobody")).isEqualTo(counts(0, 0, 0));
    }

    @Test
    void re_indexing_the_same_episode_does_not_increase_turn_units() {
        Episode episode = episode(project, "caroline", "s1", "e-1", TWO_SENTENCES);
        index(episode);
        index(episode, episode);
        index(episode);

        assertThat(count(project, "caroline")).isEqualTo(counts(1, 1, 3));
    }

    @Test
    void delete_by_episode_ids_removes_those_episodes_of_the_user_and_nothing_else() {
        index(
                episode(project, "caroline", "s1", "e-1", ONE_SENTENCE),
                episode(project, "caroline", "s1", "e-2", TWO_SENTENCES),
                episode(project, "caroline", "s2", "e-3", ONE_SENTENCE));
        assertThat(count(project, "caroline")).isEqualTo(counts(3, 3, 7));

        delete(deleteRequest(project, "caroline", "", "e-2", "e-3", "never-indexed"));

        assertThat(count(project, "caroline")).isEqualTo(counts(1, 1, 2));
        assertThat(search(project, "caroline", "Lisbon")).containsExactly("e-1");
    }

    @Test
    void listed_episodes_are_deleted_whatever_session_the_scope_names() {
        index(
                episode(project, "caroline", "s1", "e-1", ONE_SENTENCE),
                episode(project, "caroline", "s2", "e-2", ONE_SENTENCE));

        delete(deleteRequest(project, "caroline", "s2", "e-1"));

        assertThat(search(project, "caroline", "Lisbon")).containsExactly("e-2");
    }

    @Test
    void a_user_cannot_delete_another_users_episode_by_its_id() {
        index(episode(project, "melanie", "s1", "e-m", ONE_SENTENCE));

        delete(deleteRequest(project, "caroline", "", "e-m"));

        assertThat(count(project, "melanie")).isEqualTo(counts(1, 1, 2));
        assertThat(search(project, "melanie", "Lisbon")).containsExactly("e-m");
    }

    @Test
    void delete_by_session_removes_that_session_only() {
        index(
                episode(project, "caroline", "s1", "e-1", ONE_SENTENCE),
                episode(project, "caroline", "s1", "e-2", TWO_SENTENCES),
                episode(project, "caroline", "s2", "e-3", ONE_SENTENCE),
                episode(project, "melanie", "s1", "e-4", ONE_SENTENCE));

        delete(deleteRequest(project, "caroline", "s1"));

        assertThat(count(project, "caroline")).isEqualTo(counts(1, 1, 2));
        assertThat(search(project, "caroline", "Lisbon")).containsExactly("e-3");
        assertThat(count(project, "melanie")).isEqualTo(counts(1, 1, 2));
        assertThat(search(project, "melanie", "Lisbon")).containsExactly("e-4");
    }

    @Test
    void delete_of_a_user_removes_all_of_theirs_and_leaves_other_users_and_projects() {
        String otherProject = "project-" + UUID.randomUUID();
        index(
                episode(project, "caroline", "s1", "e-1", ONE_SENTENCE),
                episode(project, "caroline", "s2", "e-2", TWO_SENTENCES),
                episode(project, "melanie", "s1", "e-3", ONE_SENTENCE),
                episode(otherProject, "caroline", "s1", "e-1", ONE_SENTENCE));

        delete(deleteRequest(project, "caroline", ""));

        assertThat(count(project, "caroline")).isEqualTo(counts(0, 0, 0));
        assertThat(search(project, "caroline", "Lisbon")).isEmpty();
        assertThat(count(project, "melanie")).isEqualTo(counts(1, 1, 2));
        assertThat(count(otherProject, "caroline")).isEqualTo(counts(1, 1, 2));
        assertThat(search(otherProject, "caroline", "Lisbon")).containsExactly("e-1");
    }

    @Test
    void deleting_again_or_deleting_what_was_never_indexed_succeeds() {
        index(episode(project, "caroline", "s1", "e-1", ONE_SENTENCE));

        delete(deleteRequest(project, "caroline", "", "e-1"));
        delete(deleteRequest(project, "caroline", "", "e-1"));
        delete(deleteRequest(project, "caroline", "no-such-session"));
        delete(deleteRequest(project, "nobody", ""));

        assertThat(count(project, "caroline")).isEqualTo(counts(0, 0, 0));
    }

    @Test
    void a_deleted_episode_indexed_again_counts_once() {
        Episode episode = episode(project, "caroline", "s1", "e-1", ONE_SENTENCE);
        index(episode);
        delete(deleteRequest(project, "caroline", "", "e-1"));

        index(episode);

        assertThat(count(project, "caroline")).isEqualTo(counts(1, 1, 2));
        assertThat(search(project, "caroline", "Lisbon")).containsExactly("e-1");
    }

    @Test
    void requests_without_project_or_user_or_with_a_blank_episode_id_are_invalid_arguments_naming_the_field() {
        assertInvalid(() -> stub().delete(deleteRequest("", "caroline", "")), "scope.project");
        assertInvalid(() -> stub().delete(deleteRequest(project, "", "s1")), "scope.user_id");
        assertInvalid(() -> stub().delete(deleteRequest(project, "caroline", "", "e-1", " ")), "episode_ids[1]");
        assertInvalid(
                () -> stub().count(VectorCountRequest.newBuilder()
                        .setScope(Scope.newBuilder().setUserId("caroline"))
                        .build()),
                "scope.project");
        assertInvalid(
                () -> stub().count(VectorCountRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject(project))
                        .build()),
                "scope.user_id");
    }

    @Test
    void an_invalid_delete_removes_nothing() {
        index(episode(project, "caroline", "s1", "e-1", ONE_SENTENCE));

        assertInvalid(() -> stub().delete(deleteRequest(project, "caroline", "", "", "e-1")), "episode_ids[0]");

        assertThat(count(project, "caroline")).isEqualTo(counts(1, 1, 2));
    }

    @Test
    void deletes_are_measured() {
        delete(deleteRequest(project, "caroline", ""));

        String metrics =
                RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(metrics).contains("engram_vector_delete_seconds_count");
    }

    private VectorServiceGrpc.VectorServiceBlockingStub stub() {
        return VectorServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    private void index(Episode... episodes) {
        stub().index(IndexRequest.newBuilder().addAllEpisodes(List.of(episodes)).build());
    }

    private void delete(VectorDeleteRequest request) {
        stub().delete(request);
    }

    private VectorCountResponse count(String inProject, String user) {
        return stub().count(VectorCountRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(inProject).setUserId(user))
                .build());
    }

    private List<String> search(String inProject, String user, String query) {
        return stub()
                .search(VectorSearchRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject(inProject).setUserId(user))
                        .setQuery(query)
                        .setLimit(10)
                        .build())
                .getHitsList()
                .stream()
                .map(VectorHit::getEpisodeId)
                .toList();
    }

    private static VectorDeleteRequest deleteRequest(
            String inProject, String user, String session, String... episodeIds) {
        return VectorDeleteRequest.newBuilder()
                .setScope(
                        Scope.newBuilder().setProject(inProject).setUserId(user).setSessionId(session))
                .addAllEpisodeIds(List.of(episodeIds))
                .build();
    }

    /** Every sentence is also a fact, so the facts are the units that are not turns. */
    private static VectorCountResponse counts(long episodes, long turnUnits, long units) {
        return VectorCountResponse.newBuilder()
                .setEpisodes(episodes)
                .setTurnUnits(turnUnits)
                .setUnits(units)
                .setFacts(units - turnUnits)
                .build();
    }

    private static Episode episode(String inProject, String user, String session, String id, String content) {
        return Episode.newBuilder()
                .setId(id)
                .setScope(
                        Scope.newBuilder().setProject(inProject).setUserId(user).setSessionId(session))
                .setProducer("Caroline")
                .setContent(content)
                .setTimestamp(Timestamp.newBuilder().setSeconds(T0))
                .build();
    }

    private static void assertInvalid(ThrowingCallable call, String field) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains(field);
            assertThat(badRequestFields(e)).containsExactly(field);
        });
    }

    private static List<String> badRequestFields(StatusRuntimeException e) {
        return StatusProto.fromThrowable(e).getDetailsList().stream()
                .map(detail -> {
                    try {
                        return detail.unpack(BadRequest.class);
                    } catch (InvalidProtocolBufferException unexpected) {
                        throw new AssertionError(unexpected);
                    }
                })
                .flatMap(request -> request.getFieldViolationsList().stream())
                .map(BadRequest.FieldViolation::getField)
                .toList();
    }
}
