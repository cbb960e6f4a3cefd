package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.deleteEpisode;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.list;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class ListEpisodesTest {

    /** Alice's episodes in session order: sessions by id, then timestamp, then arrival. */
    private static final List<String> ALICE = List.of("g1", "e1", "e3", "e4", "e2", "e5", "f1");

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    private String project;
    private String otherProject;

    /**
     * Alice has sessions "conv-26/session_1", "s1" (e4 ties with e3 and arrives later; e5 is the
     * planner agent's) and "s2". Bob's session is also named s1, and another project has an alice
     * too: neither may ever show up in alice's listing.
     */
    @BeforeEach
    void storeSessions() {
        project = newProject();
        otherProject = newProject();
        ingest.addEpisodes(add(scope(project, "alice", "s2"), episode("f1", "f one", "2023-05-08T09:00:00Z")));
        ingest.addEpisodes(add(
                scope(project, "alice", "s1"),
                episode("e1", "e one", "2023-05-08T10:00:00Z"),
                episode("e2", "e two", "2023-05-08T10:02:00Z"),
                episode("e3", "e three", "2023-05-08T10:01:00Z")));
        ingest.addEpisodes(add(scope(project, "bob", "s1"), episode("bobs", "secret", "2023-05-08T10:01:30Z")));
        ingest.addEpisodes(add(scope(project, "alice", "s1"), episode("e4", "e four", "2023-05-08T10:01:00Z")));
        ingest.addEpisodes(add(
                scope(project, "alice", "s1").toBuilder().setAgentId("planner").build(),
                episode("e5", "e five", "2023-05-08T10:03:00Z")));
        ingest.addEpisodes(
                add(scope(project, "alice", "conv-26/session_1"), episode("g1", "g one", "2023-05-09T08:00:00Z")));
        ingest.addEpisodes(add(scope(otherProject, "alice", "s1"), episode("elsewhere", "x", "2023-05-08T10:00:00Z")));
    }

    @Test
    void episodes_are_listed_in_session_order_with_timestamp_ties_broken_by_arrival() {
        ListEpisodesResponse all = ingest.listEpisodes(list(user(project, "alice"), "", 1000));

        assertThat(ids(all)).containsExactlyElementsOf(ALICE);
        assertThat(all.getNextCursor()).isEmpty();
        Episode e4 = all.getEpisodes(3);
        assertThat(e4.getContent()).isEqualTo("e four");
        assertThat(e4.getScope()).isEqualTo(scope(project, "alice", "s1"));
        assertThat(e4.getSequence()).isGreaterThan(all.getEpisodes(2).getSequence());
    }

    @Test
    void pages_follow_each_other_without_gaps_or_repeats_and_the_last_has_no_cursor() {
        List<List<String>> pages = new ArrayList<>();
        String cursor = "";
        do {
            ListEpisodesResponse page = ingest.listEpisodes(list(user(project, "alice"), cursor, 2));
            pages.add(ids(page));
            cursor = page.getNextCursor();
        } while (!cursor.isEmpty());

        assertThat(pages).containsExactly(List.of("g1", "e1"), List.of("e3", "e4"), List.of("e2", "e5"), List.of("f1"));
        assertThat(ingest.listEpisodes(list(user(project, "alice"), "", ALICE.size()))
                        .getNextCursor())
                .as("a page that ends with the last episode")
                .isEmpty();
    }

    @Test
    void the_next_page_starts_after_the_cursor_even_when_that_episode_was_deleted() {
        ListEpisodesResponse first = ingest.listEpisodes(list(user(project, "alice"), "", 2));
        ingest.deleteEpisodes(deleteEpisode(project, "alice", "e1"));

        ListEpisodesResponse second = ingest.listEpisodes(list(user(project, "alice"), first.getNextCursor(), 2));

        assertThat(ids(first)).containsExactly("g1", "e1");
        assertThat(ids(second)).containsExactly("e3", "e4");
    }

    @Test
    void listing_never_returns_another_users_or_another_projects_episodes() {
        assertThat(ids(ingest.listEpisodes(list(user(project, "bob"), "", 1000))))
                .containsExactly("bobs");
        assertThat(ids(ingest.listEpisodes(list(user(otherProject, "alice"), "", 1000))))
                .containsExactly("elsewhere");
        assertThat(ids(ingest.listEpisodes(list(user(project, "nobody"), "", 1000))))
                .isEmpty();
    }

    @Test
    void a_session_or_an_agent_narrows_the_listing() {
        Scope s1 = scope(project, "alice", "s1");
        Scope planner = user(project, "alice").toBuilder().setAgentId("planner").build();

        assertThat(ids(ingest.listEpisodes(list(s1, "", 1000)))).containsExactly("e1", "e3", "e4", "e2", "e5");
        assertThat(ids(ingest.listEpisodes(list(planner, "", 1000)))).containsExactly("e5");
        assertThat(ids(ingest.listEpisodes(list(
                        scope(project, "alice", "s2").toBuilder()
                                .setAgentId("planner")
                                .build(),
                        "",
                        1000))))
                .isEmpty();
        ListEpisodesResponse firstOfSession = ingest.listEpisodes(list(s1, "", 3));
        assertThat(ids(ingest.listEpisodes(list(s1, firstOfSession.getNextCursor(), 3))))
                .containsExactly("e2", "e5");
    }

    @Test
    void a_malformed_cursor_is_invalid_naming_the_cursor() {
        String notBase64 = "not a cursor!";
        String wrongContent = Base64.getUrlEncoder().encodeToString("v1:x:y:s1".getBytes(StandardCharsets.UTF_8));
        String wrongVersion = Base64.getUrlEncoder().encodeToString("v9:1:1:s1".getBytes(StandardCharsets.UTF_8));

        for (String cursor : List.of(notBase64, wrongContent, wrongVersion)) {
            StatusRuntimeException error = catchThrowableOfType(
                    StatusRuntimeException.class, () -> ingest.listEpisodes(list(user(project, "alice"), cursor, 10)));

            assertThat(error.getStatus().getCode()).as(cursor).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(error.getStatus().getDescription()).startsWith("cursor:");
        }
    }

    @Test
    void a_page_size_left_out_is_a_hundred() {
        NewEpisode[] many = IntStream.range(0, 101)
                .mapToObj(i -> episode("m" + i, "many " + i, "2023-05-10T10:00:00Z"))
                .toArray(NewEpisode[]::new);
        ingest.addEpisodes(add(scope(project, "carol", "s1"), many));

        ListEpisodesResponse first = ingest.listEpisodes(ListEpisodesRequest.newBuilder()
                .setScope(user(project, "carol"))
                .build());

        assertThat(first.getEpisodesCount()).isEqualTo(100);
        assertThat(first.getNextCursor()).isNotEmpty();
    }

    @Test
    void a_limit_outside_one_to_a_thousand_and_a_missing_user_are_invalid() {
        for (int limit : new int[] {0, -1, 1001}) {
            StatusRuntimeException error = catchThrowableOfType(
                    StatusRuntimeException.class, () -> ingest.listEpisodes(list(user(project, "alice"), "", limit)));

            assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(error.getStatus().getDescription()).contains("limit");
        }
        StatusRuntimeException noUser = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.listEpisodes(list(user(project, ""), "", 10)));
        assertThat(noUser.getStatus().getDescription()).contains("scope.user_id");
    }

    private static List<String> ids(ListEpisodesResponse response) {
        return response.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
