package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.getEpisode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class GetEpisodeTest {

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Test
    void an_episode_comes_back_exactly_as_it_was_added() {
        String project = newProject();
        Scope scope = scope(project, "caroline", "conv-26/session_1").toBuilder()
                .setAgentId("assistant-1")
                .build();
        NewEpisode sent = episode("conv-26:D1:3", "I went to a support group", "2023-05-08T13:56:00Z").toBuilder()
                .setProducer("Caroline")
                .setRole("user")
                .putMetadata("dia_id", "D1:3")
                .build();
        ingest.addEpisodes(add(scope, sent));

        Episode found = ingest.getEpisode(getEpisode(user(project, "caroline"), "conv-26:D1:3"));

        assertThat(found.getScope()).isEqualTo(scope);
        assertThat(found.getContent()).isEqualTo(sent.getContent());
        assertThat(found.getProducer()).isEqualTo("Caroline");
        assertThat(found.getRole()).isEqualTo("user");
        assertThat(found.getTimestamp()).isEqualTo(sent.getTimestamp());
        assertThat(found.getMetadataMap()).isEqualTo(sent.getMetadataMap());
        assertThat(found.getSequence()).isPositive();
    }

    @Test
    void an_episode_is_found_only_for_its_own_user_project_session_and_agent() {
        String project = newProject();
        ingest.addEpisodes(add(
                scope(project, "alice", "s1").toBuilder().setAgentId("planner").build(), episode("mine", "alice's")));

        assertThat(ingest.getEpisode(getEpisode(user(project, "alice"), "mine")).getContent())
                .isEqualTo("alice's");
        assertThat(ingest.getEpisode(getEpisode(scope(project, "alice", "s1"), "mine"))
                        .getId())
                .isEqualTo("mine");
        assertNotFound(getEpisode(user(project, "bob"), "mine"));
        assertNotFound(getEpisode(user(newProject(), "alice"), "mine"));
        assertNotFound(getEpisode(scope(project, "alice", "s2"), "mine"));
        assertNotFound(getEpisode(
                user(project, "alice").toBuilder().setAgentId("coder").build(), "mine"));
        assertNotFound(getEpisode(user(project, "alice"), "never-added"));
    }

    @Test
    void a_request_without_episode_id_or_user_is_invalid_naming_the_fields() {
        StatusRuntimeException error = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getEpisode(getEpisode(user(newProject(), ""), "")));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(error.getStatus().getDescription()).contains("scope.user_id", "episode_id");
    }

    private void assertNotFound(GetEpisodeRequest request) {
        StatusRuntimeException error =
                catchThrowableOfType(StatusRuntimeException.class, () -> ingest.getEpisode(request));

        assertThat(error).as(request.toString()).isNotNull();
        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    }
}
