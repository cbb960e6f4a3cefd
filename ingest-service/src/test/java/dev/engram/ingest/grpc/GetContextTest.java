package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.context;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeContext;
import dev.engram.proto.v1.GetContextRequest;
import dev.engram.proto.v1.GetContextResponse;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class GetContextTest {

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    private String project;

    /**
     * Session s1 of "alice", in session order: e5 09:59, e1 10:00, e3 10:01, e4 10:01 (sent after
     * e3, so after it), e2 10:02. Her session s2 and bob's episode in a session also named s1 sit
     * in between by time and must never show up.
     */
    @BeforeEach
    void storeSessions() {
        project = newProject();
        ingest.addEpisodes(add(
                scope(project, "alice", "s1"),
                episode("e1", "one", "2023-05-08T10:00:00Z"),
                episode("e2", "two", "2023-05-08T10:02:00Z"),
                episode("e3", "three", "2023-05-08T10:01:00Z")));
        ingest.addEpisodes(add(scope(project, "alice", "s2"), episode("other-session", "x", "2023-05-08T10:01:30Z")));
        ingest.addEpisodes(add(scope(project, "bob", "s1"), episode("bobs", "secret", "2023-05-08T10:01:30Z")));
        ingest.addEpisodes(add(
                scope(project, "alice", "s1"),
                episode("e4", "four", "2023-05-08T10:01:00Z"),
                episode("e5", "five", "2023-05-08T09:59:00Z")));
    }

    @Test
    void neighbours_follow_session_order_with_timestamp_ties_broken_by_arrival() {
        assertThat(ids(only(context(project, "alice", 2, 2, "e3")))).containsExactly("e5", "e1", "e3", "e4", "e2");
        assertThat(ids(only(context(project, "alice", 1, 5, "e4")))).containsExactly("e3", "e4", "e2");
        assertThat(ids(only(context(project, "alice", 50, 0, "e2")))).containsExactly("e5", "e1", "e3", "e4", "e2");
        assertThat(ids(only(context(project, "alice", 0, 0, "e1")))).containsExactly("e1");
    }

    @Test
    void arrival_sequence_orders_timestamp_ties() {
        List<Episode> window = only(context(project, "alice", 0, 1, "e3")).getEpisodesList();

        assertThat(window.get(0).getTimestamp()).isEqualTo(window.get(1).getTimestamp());
        assertThat(window.get(0).getSequence()).isLessThan(window.get(1).getSequence());
    }

    @Test
    void contexts_come_in_request_order_and_unknown_ids_are_skipped() {
        GetContextResponse response = ingest.getContext(context(project, "alice", 0, 1, "e2", "nope", "e5", "e2"));

        assertThat(response.getContextsList())
                .extracting(EpisodeContext::getEpisodeId)
                .containsExactly("e2", "e5");
        assertThat(ids(response.getContexts(1))).containsExactly("e5", "e1");
    }

    @Test
    void context_never_returns_another_users_episodes() {
        assertThat(ingest.getContext(context(project, "alice", 0, 0, "bobs")).getContextsList())
                .isEmpty();
        assertThat(ids(only(context(project, "alice", 50, 50, "e1")))).doesNotContain("bobs", "other-session");
        assertThat(ids(only(context(project, "bob", 50, 50, "bobs")))).containsExactly("bobs");
        assertThat(ingest.getContext(context(newProject(), "alice", 0, 0, "e1")).getContextsList())
                .isEmpty();
    }

    @Test
    void an_agent_scope_keeps_nuclei_and_neighbours_to_that_agents_episodes() {
        Scope planner =
                scope(project, "alice", "s3").toBuilder().setAgentId("planner").build();
        Scope coder =
                scope(project, "alice", "s3").toBuilder().setAgentId("coder").build();
        ingest.addEpisodes(add(planner, episode("p1", "plan", "2023-05-08T11:00:00Z")));
        ingest.addEpisodes(add(coder, episode("c1", "code", "2023-05-08T11:01:00Z")));
        ingest.addEpisodes(add(planner, episode("p2", "plan more", "2023-05-08T11:02:00Z")));
        ingest.addEpisodes(add(scope(project, "alice", "s3"), episode("n1", "no agent", "2023-05-08T11:03:00Z")));

        assertThat(ids(only(forAgent("planner", 5, 5, "p1")))).containsExactly("p1", "p2");
        assertThat(ids(only(forAgent("coder", 5, 5, "c1")))).containsExactly("c1");
        assertThat(ingest.getContext(forAgent("coder", 5, 5, "p1", "n1")).getContextsList())
                .isEmpty();
        assertThat(ids(only(context(project, "alice", 5, 5, "c1")))).containsExactly("p1", "c1", "p2", "n1");
    }

    @Test
    void an_invalid_agent_id_is_invalid() {
        StatusRuntimeException error = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getContext(forAgent("bad agent", 0, 0, "e1")));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(error.getStatus().getDescription()).contains("scope.agent_id");
    }

    @Test
    void neighbour_counts_outside_zero_to_fifty_are_invalid() {
        StatusRuntimeException error = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getContext(context(project, "alice", 51, -1, "e1")));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(error.getStatus().getDescription()).contains("before", "after");
    }

    private GetContextRequest forAgent(String agentId, int before, int after, String... ids) {
        GetContextRequest request = context(project, "alice", before, after, ids);
        return request.toBuilder()
                .setScope(request.getScope().toBuilder().setAgentId(agentId))
                .build();
    }

    private EpisodeContext only(GetContextRequest request) {
        GetContextResponse response = ingest.getContext(request);
        assertThat(response.getContextsCount()).isEqualTo(1);
        return response.getContexts(0);
    }

    private static List<String> ids(EpisodeContext context) {
        return context.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
