package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.deleteEpisode;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SessionSummary;
import dev.engram.proto.v1.UserSummary;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The users of a project and the sessions of a user, with their counts, in id order and a page at a time. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class ListUsersAndSessionsTest {

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    private String project;
    private String otherProject;

    /**
     * Alice has two sessions (one with an agent's episode), bob one, carol one; another project has a dave. The
     * episode ids are this test's own: the vector-service double is shared by every test of the service.
     */
    @BeforeEach
    void store() {
        project = newProject();
        otherProject = newProject();
        ingest.addEpisodes(add(
                scope(project, "alice", "s1"),
                episode("listed-a1", "one", "2023-05-08T10:00:00Z"),
                episode("listed-a2", "two", "2023-05-08T10:05:00Z")));
        ingest.addEpisodes(add(
                scope(project, "alice", "conv-26/session_2").toBuilder()
                        .setAgentId("planner")
                        .build(),
                episode("listed-a3", "three", "2023-06-01T08:00:00Z")));
        ingest.addEpisodes(add(scope(project, "bob", "s1"), episode("listed-b1", "bob", "2023-05-09T10:00:00Z")));
        ingest.addEpisodes(add(scope(project, "carol", "s9"), episode("listed-c1", "carol", "2023-05-10T10:00:00Z")));
        ingest.addEpisodes(
                add(scope(otherProject, "dave", "s1"), episode("listed-d1", "dave", "2023-05-10T10:00:00Z")));
    }

    @Test
    void users_come_in_id_order_with_their_counts_and_only_from_the_project() {
        ListUsersResponse users = ingest.listUsers(users(project, "", 100));

        assertThat(users.getUsersList())
                .extracting(UserSummary::getUserId, UserSummary::getStored, UserSummary::getSessions)
                .containsExactly(tuple("alice", 3L, 2L), tuple("bob", 1L, 1L), tuple("carol", 1L, 1L));
        // The relay indexes in the background: whatever it has done, every episode is indexed or pending.
        assertThat(users.getUsersList())
                .allSatisfy(user ->
                        assertThat(user.getIndexed() + user.getPending()).isEqualTo(user.getStored()));
        assertThat(users.getUsers(0).getLastEpisodeAt().getSeconds())
                .as("alice's newest episode, 2023-06-01T08:00:00Z")
                .isEqualTo(1_685_606_400L);
        assertThat(users.getNextCursor()).isEmpty();
    }

    @Test
    void user_pages_follow_each_other_even_when_the_last_listed_user_was_deleted() {
        ListUsersResponse first = ingest.listUsers(users(project, "", 2));
        ingest.deleteEpisodes(deleteEpisode(project, "bob", "listed-b1"));
        ListUsersResponse second = ingest.listUsers(users(project, first.getNextCursor(), 2));

        assertThat(first.getUsersList()).extracting(UserSummary::getUserId).containsExactly("alice", "bob");
        assertThat(second.getUsersList()).extracting(UserSummary::getUserId).containsExactly("carol");
        assertThat(second.getNextCursor()).isEmpty();
    }

    @Test
    void sessions_come_in_id_order_with_their_span_and_an_agent_narrows_them() {
        ListSessionsResponse sessions = ingest.listSessions(sessions(user(project, "alice"), "", 100));

        assertThat(sessions.getSessionsList())
                .extracting(SessionSummary::getSessionId, SessionSummary::getEpisodes)
                .containsExactly(tuple("conv-26/session_2", 1L), tuple("s1", 2L));
        SessionSummary s1 = sessions.getSessions(1);
        assertThat(s1.getLastEpisodeAt().getSeconds() - s1.getFirstEpisodeAt().getSeconds())
                .isEqualTo(300);

        ListSessionsResponse planner = ingest.listSessions(sessions(
                user(project, "alice").toBuilder().setAgentId("planner").build(), "", 100));
        assertThat(planner.getSessionsList())
                .extracting(SessionSummary::getSessionId)
                .containsExactly("conv-26/session_2");
        assertThat(ingest.listSessions(sessions(user(otherProject, "alice"), "", 100))
                        .getSessionsList())
                .isEmpty();
    }

    @Test
    void session_pages_follow_each_other_without_gaps_or_repeats() {
        List<String> seen = new ArrayList<>();
        String cursor = "";
        do {
            ListSessionsResponse page = ingest.listSessions(sessions(user(project, "alice"), cursor, 1));
            page.getSessionsList().forEach(session -> seen.add(session.getSessionId()));
            cursor = page.getNextCursor();
        } while (!cursor.isEmpty());

        assertThat(seen).containsExactly("conv-26/session_2", "s1");
    }

    @Test
    void a_cursor_of_another_listing_is_refused_naming_the_field() {
        String userCursor = ingest.listUsers(users(project, "", 1)).getNextCursor();

        StatusRuntimeException refused = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.listSessions(sessions(user(project, "alice"), userCursor, 1)));

        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(refused.getStatus().getDescription()).startsWith("cursor:");
    }

    private static ListUsersRequest users(String project, String cursor, int limit) {
        return ListUsersRequest.newBuilder()
                .setProject(project)
                .setCursor(cursor)
                .setLimit(limit)
                .build();
    }

    private static ListSessionsRequest sessions(Scope scope, String cursor, int limit) {
        return ListSessionsRequest.newBuilder()
                .setScope(scope)
                .setCursor(cursor)
                .setLimit(limit)
                .build();
    }
}
