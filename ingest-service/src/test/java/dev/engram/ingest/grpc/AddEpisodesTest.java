package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.context;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.AddEpisodesResponse;
import dev.engram.proto.v1.AddStatus;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeOutcome;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class AddEpisodesTest {

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Test
    void re_sent_episode_id_is_a_duplicate() {
        String project = newProject();
        AddEpisodesRequest request = add(scope(project, "caroline", "s1"), episode("conv-26:D1:3", "hello"));

        assertThat(ingest.addEpisodes(request).getOutcomesList())
                .containsExactly(outcome("conv-26:D1:3", AddStatus.ADD_STATUS_CREATED));
        assertThat(ingest.addEpisodes(request).getOutcomesList())
                .containsExactly(outcome("conv-26:D1:3", AddStatus.ADD_STATUS_DUPLICATE));
        assertThat(ingest.getStatus(status(project, "caroline")).getStored()).isEqualTo(1);
    }

    @Test
    void id_repeated_inside_one_request_is_stored_once_and_outcomes_keep_request_order() {
        String project = newProject();
        AddEpisodesResponse response = ingest.addEpisodes(
                add(scope(project, "u1", "s1"), episode("a", "first"), episode("b", "second"), episode("a", "first")));

        assertThat(response.getOutcomesList())
                .containsExactly(
                        outcome("a", AddStatus.ADD_STATUS_CREATED),
                        outcome("b", AddStatus.ADD_STATUS_CREATED),
                        outcome("a", AddStatus.ADD_STATUS_DUPLICATE));
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isEqualTo(2);
        assertThat(only(project, "u1", "a").getContent()).isEqualTo("first");
    }

    /** Agents number their messages 1, 2, 3: every user of a project keeps their own episode "1". */
    @Test
    void an_id_is_unique_per_user_not_per_project() {
        String project = newProject();
        ingest.addEpisodes(add(scope(project, "u1", "s1"), episode("1", "mine")));

        assertThat(ingest.addEpisodes(add(scope(project, "u2", "s1"), episode("1", "theirs")))
                        .getOutcomesList())
                .containsExactly(outcome("1", AddStatus.ADD_STATUS_CREATED));
        assertThat(only(project, "u1", "1").getContent()).isEqualTo("mine");
        assertThat(only(project, "u2", "1").getContent()).isEqualTo("theirs");
        assertThat(ingest.addEpisodes(add(scope(newProject(), "u2", "s1"), episode("1", "other project")))
                        .getOutcomesList())
                .containsExactly(outcome("1", AddStatus.ADD_STATUS_CREATED));
    }

    /** A retry is harmless; a different episode under a taken id would be lost, so it refuses the whole request. */
    @Test
    void a_different_episode_under_a_taken_id_is_a_conflict_and_nothing_of_the_request_is_stored() {
        String project = newProject();
        ingest.addEpisodes(
                add(scope(project, "u1", "s1"), episode("1", "I adopted a beagle.", "2026-03-14T18:30:00Z")));

        StatusRuntimeException conflict = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.addEpisodes(add(
                        scope(project, "u1", "s1"),
                        episode("2", "new and fine"),
                        episode("1", "I adopted a cat.", "2026-03-14T18:30:00Z"))));

        assertThat(conflict.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(conflict.getStatus().getDescription()).contains("id 1 is already taken");
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isEqualTo(1);
        assertThat(only(project, "u1", "1").getContent()).isEqualTo("I adopted a beagle.");

        // The same episode again is a duplicate, with or without its timestamp.
        assertThat(ingest.addEpisodes(add(scope(project, "u1", "s1"), episode("1", "I adopted a beagle.")))
                        .getOutcomesList())
                .containsExactly(outcome("1", AddStatus.ADD_STATUS_DUPLICATE));
        // Another session or another time is another episode.
        assertThat(catchThrowableOfType(
                                StatusRuntimeException.class,
                                () -> ingest.addEpisodes(
                                        add(scope(project, "u1", "s2"), episode("1", "I adopted a beagle."))))
                        .getStatus()
                        .getCode())
                .isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(catchThrowableOfType(
                                StatusRuntimeException.class,
                                () -> ingest.addEpisodes(add(
                                        scope(project, "u1", "s1"),
                                        episode("1", "I adopted a beagle.", "2026-03-15T18:30:00Z"))))
                        .getStatus()
                        .getCode())
                .isEqualTo(Status.Code.FAILED_PRECONDITION);
    }

    @Test
    void one_id_for_two_different_episodes_of_one_request_is_a_conflict() {
        String project = newProject();
        StatusRuntimeException conflict = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.addEpisodes(
                        add(scope(project, "u1", "s1"), episode("a", "first"), episode("a", "not the first"))));

        assertThat(conflict.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(conflict.getStatus().getDescription()).contains("id a is given to two different episodes");
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isZero();
    }

    @Test
    void missing_id_and_timestamp_are_assigned() {
        String project = newProject();
        Instant before = Instant.now().minusSeconds(1);
        AddEpisodesResponse response = ingest.addEpisodes(add(
                scope(project, "u1", "s1"),
                NewEpisode.newBuilder().setContent("no id").build()));

        String id = response.getOutcomes(0).getId();
        assertThat(response.getOutcomes(0).getStatus()).isEqualTo(AddStatus.ADD_STATUS_CREATED);
        assertThat(id).isNotBlank();
        Episode stored = only(project, "u1", id);
        Instant timestamp = Instant.ofEpochSecond(
                stored.getTimestamp().getSeconds(), stored.getTimestamp().getNanos());
        assertThat(timestamp).isBetween(before, Instant.now().plusSeconds(1));
    }

    @Test
    void episode_keeps_scope_fields_and_metadata_exactly() {
        String project = newProject();
        Scope scope = scope(project, "caroline", "conv-26/session_1").toBuilder()
                .setAgentId("assistant-1")
                .build();
        NewEpisode sent =
                episode("conv-26:D1:3", "I went to a support group yesterday ✨", "2023-05-08T13:56:00Z").toBuilder()
                        .setProducer("Caroline")
                        .setProducedFor("Melanie")
                        .setRole("user")
                        .putMetadata("dia_id", "D1:3")
                        .putMetadata("note", "  spaced \"quoted\" ü ")
                        .build();
        ingest.addEpisodes(add(scope, sent));

        Episode stored = only(project, "caroline", "conv-26:D1:3");
        assertThat(stored.getScope()).isEqualTo(scope);
        assertThat(stored.getProducer()).isEqualTo("Caroline");
        assertThat(stored.getProducedFor()).isEqualTo("Melanie");
        assertThat(stored.getRole()).isEqualTo("user");
        assertThat(stored.getContent()).isEqualTo(sent.getContent());
        assertThat(stored.getTimestamp()).isEqualTo(sent.getTimestamp());
        assertThat(stored.getMetadataMap()).isEqualTo(sent.getMetadataMap());
        assertThat(stored.getSequence()).isPositive();
    }

    @Test
    void concurrent_adds_of_the_same_id_store_it_once_without_errors() throws Exception {
        String project = newProject();
        AddEpisodesRequest request = add(scope(project, "u1", "s1"), episode("raced", "same"));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<AddStatus>> calls = IntStream.range(0, 8)
                    .<Callable<AddStatus>>mapToObj(i ->
                            () -> ingest.addEpisodes(request).getOutcomes(0).getStatus())
                    .toList();
            List<AddStatus> statuses =
                    pool.invokeAll(calls).stream().map(AddEpisodesTest::join).toList();

            assertThat(statuses).containsOnlyOnce(AddStatus.ADD_STATUS_CREATED);
            assertThat(statuses)
                    .filteredOn(AddStatus.ADD_STATUS_DUPLICATE::equals)
                    .hasSize(7);
        } finally {
            pool.shutdownNow();
        }
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isEqualTo(1);
    }

    @Test
    void invalid_request_names_the_fields_and_stores_nothing() {
        String project = newProject();
        AddEpisodesRequest request = add(
                scope(project, "u1", "conv 26"),
                episode("valid-1", "fine"),
                episode("bad id!", "also fine"),
                episode("valid-2", " "));

        StatusRuntimeException error =
                catchThrowableOfType(StatusRuntimeException.class, () -> ingest.addEpisodes(request));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(fields(error))
                .containsExactlyInAnyOrder("scope.session_id", "episodes[1].id", "episodes[2].content");
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isZero();
    }

    @Test
    void oversized_fields_and_nul_characters_are_invalid_and_nothing_is_stored() {
        String project = newProject();
        Map<String, String> tooManyEntries = new HashMap<>();
        IntStream.range(0, 65).forEach(i -> tooManyEntries.put("k" + i, "v"));
        AddEpisodesRequest request = add(
                scope(project, "u1", "s1"),
                episode("ok", "fine"),
                episode("big", "é".repeat(16_385)),
                episode("labels", "text").toBuilder()
                        .setProducer("p".repeat(257))
                        .setProducedFor("f".repeat(257))
                        .setRole("r".repeat(257))
                        .build(),
                episode("nul", "a\u0000b").toBuilder().setRole("user\u0000").build(),
                episode("meta-count", "text").toBuilder()
                        .putAllMetadata(tooManyEntries)
                        .build(),
                episode("meta-key", "text").toBuilder()
                        .putMetadata("k".repeat(129), "v")
                        .build(),
                episode("meta-value", "text").toBuilder()
                        .putMetadata("k", "v".repeat(2049))
                        .build(),
                episode("meta-nul", "text").toBuilder()
                        .putMetadata("k", "v\u0000")
                        .build());

        StatusRuntimeException error =
                catchThrowableOfType(StatusRuntimeException.class, () -> ingest.addEpisodes(request));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(fields(error))
                .containsExactlyInAnyOrder(
                        "episodes[1].content",
                        "episodes[2].producer",
                        "episodes[2].produced_for",
                        "episodes[2].role",
                        "episodes[3].content",
                        "episodes[3].role",
                        "episodes[4].metadata",
                        "episodes[5].metadata",
                        // A bad value is named by its key, as the gateway names it.
                        "episodes[6].metadata.k",
                        "episodes[7].metadata.k");
        assertThat(ingest.getStatus(status(project, "u1")).getStored()).isZero();
    }

    @Test
    void fields_at_their_limits_are_stored() {
        String project = newProject();
        Map<String, String> metadata = new HashMap<>();
        IntStream.range(0, 63).forEach(i -> metadata.put("k" + i, "v"));
        metadata.put("k".repeat(128), "v".repeat(2048));
        NewEpisode atLimits = episode("limits", "é".repeat(16_384)).toBuilder()
                .setProducer("p".repeat(256))
                .setProducedFor("f".repeat(256))
                .setRole("r".repeat(256))
                .putAllMetadata(metadata)
                .build();

        ingest.addEpisodes(add(scope(project, "u1", "s1"), atLimits));

        Episode stored = only(project, "u1", "limits");
        assertThat(stored.getContent()).isEqualTo(atLimits.getContent());
        assertThat(stored.getMetadataMap()).isEqualTo(metadata);
    }

    @Test
    void missing_scope_fields_are_invalid() {
        StatusRuntimeException error = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.addEpisodes(add(Scope.getDefaultInstance(), episode("a", "text"))));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(error.getStatus().getDescription()).contains("scope.project", "scope.user_id", "scope.session_id");
        assertThat(fields(error)).containsExactlyInAnyOrder("scope.project", "scope.user_id", "scope.session_id");
    }

    @Test
    void request_without_episodes_is_invalid() {
        StatusRuntimeException error = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.addEpisodes(add(scope(newProject(), "u1", "s1"))));

        assertThat(fields(error)).containsExactly("episodes");
    }

    private Episode only(String project, String user, String id) {
        return ingest.getContext(context(project, user, 0, 0, id))
                .getContexts(0)
                .getEpisodes(0);
    }

    private static EpisodeOutcome outcome(String id, AddStatus status) {
        return EpisodeOutcome.newBuilder().setId(id).setStatus(status).build();
    }

    private static List<String> fields(StatusRuntimeException error) {
        com.google.rpc.Status status = StatusProto.fromThrowable(error);
        assertThat(status).isNotNull();
        return status.getDetailsList().stream()
                .filter(detail -> detail.is(BadRequest.class))
                .flatMap(detail -> unpack(detail).getFieldViolationsList().stream())
                .map(BadRequest.FieldViolation::getField)
                .toList();
    }

    private static BadRequest unpack(Any detail) {
        try {
            return detail.unpack(BadRequest.class);
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    private static <T> T join(Future<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("a concurrent add failed", e);
        }
    }
}
