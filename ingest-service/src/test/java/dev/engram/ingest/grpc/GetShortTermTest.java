package dev.engram.ingest.grpc;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.content;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.shortTerm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ShortTermRows;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** With the default budgets: a window of 4,000 characters, summaries of at most 1,500. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class GetShortTermTest {

    private static final Duration SUMMARIZED = Duration.ofSeconds(15);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    @Test
    void the_window_holds_the_newest_episodes_within_the_character_budget_and_the_rest_is_summarized() {
        Scope session = scope(newProject(), "caroline", "conv-26/session_1");
        ingest.addEpisodes(add(
                session,
                turn("e1", "first", "10:01"),
                turn("e2", "second", "10:02"),
                turn("e3", "third", "10:03"),
                turn("e4", "fourth", "10:04")));
        ingest.addEpisodes(add(session, turn("e0", "zeroth", "10:00"), turn("e5", "fifth", "10:05")));

        ShortTermMemory memory = await(session, stm -> stm.getSummarizedEpisodes() == 2);

        assertThat(memory.getSessionId()).isEqualTo("conv-26/session_1");
        assertThat(ids(memory)).containsExactly("e2", "e3", "e4", "e5");
        assertThat(memory.getSummary().lines())
                .containsExactly(
                        "[2023-05-08] Caroline: Caroline adopted 3 kittens in Denver, said zeroth.",
                        "[2023-05-08] Caroline: Caroline adopted 3 kittens in Denver, said first.");
        ShortTermRows.Row stored = new ShortTermRows(dataSource)
                .find(session.getProject(), "caroline", "conv-26/session_1")
                .orElseThrow();
        assertThat(stored.summary()).isEqualTo(memory.getSummary());
        assertThat(stored.summarizedEpisodes()).isEqualTo(2);
        assertThat(stored.writer()).isEqualTo("extractive");
    }

    @Test
    void the_newest_episode_stays_in_the_window_even_when_it_alone_exceeds_the_budget() {
        Scope session = scope(newProject(), "caroline", "s1");
        ingest.addEpisodes(add(
                session,
                episode("short", "Melanie paints on Sundays.", "2023-05-08T10:00:00Z"),
                episode("long", content("long", 5000), "2023-05-08T10:01:00Z")));

        ShortTermMemory memory = await(session, stm -> stm.getSummarizedEpisodes() == 1);

        assertThat(ids(memory)).containsExactly("long");
        assertThat(memory.getEpisodes(0).getContent()).hasSize(5000);
        assertThat(memory.getSummary()).isEqualTo("[2023-05-08] someone: Melanie paints on Sundays.");
    }

    @Test
    void a_short_session_is_all_window_and_no_summary() {
        Scope session = scope(newProject(), "caroline", "s1");
        ingest.addEpisodes(add(session, turn("a", "one", "10:00"), turn("b", "two", "10:01")));

        ShortTermMemory memory = ingest.getShortTerm(shortTerm(session));

        assertThat(ids(memory)).containsExactly("a", "b");
        assertThat(memory.getSummary()).isEmpty();
        assertThat(memory.getSummarizedEpisodes()).isZero();
        assertThat(memory.getEpisodes(0).getScope()).isEqualTo(session);
        assertThat(memory.getEpisodes(0).getProducer()).isEqualTo("Caroline");
    }

    @Test
    void an_unknown_session_is_an_empty_short_term_memory() {
        ShortTermMemory memory = ingest.getShortTerm(shortTerm(scope(newProject(), "nobody", "never")));

        assertThat(memory.getSessionId()).isEqualTo("never");
        assertThat(memory.getEpisodesList()).isEmpty();
        assertThat(memory.getSummary()).isEmpty();
        assertThat(memory.getSummarizedEpisodes()).isZero();
    }

    @Test
    void short_term_memory_never_shows_another_users_or_another_sessions_episodes() {
        String project = newProject();
        ingest.addEpisodes(add(scope(project, "alice", "s1"), turn("mine", "mine", "10:00")));
        ingest.addEpisodes(add(scope(project, "alice", "s2"), turn("other-session", "other", "10:01")));
        ingest.addEpisodes(add(scope(project, "bob", "s1"), turn("bobs", "bob", "10:02")));

        assertThat(ids(ingest.getShortTerm(shortTerm(scope(project, "alice", "s1")))))
                .containsExactly("mine");
        assertThat(ids(ingest.getShortTerm(shortTerm(scope(project, "bob", "s1")))))
                .containsExactly("bobs");
    }

    @Test
    void the_summary_stays_within_its_cap_keeping_the_most_recent_past_in_full() {
        Scope session = scope(newProject(), "caroline", "s1");
        for (int i = 0; i < 30; i++) {
            ingest.addEpisodes(add(session, turn("t" + i, "turn-" + i, String.format("10:%02d", i))));
        }

        ShortTermMemory memory = await(session, stm -> stm.getSummarizedEpisodes() == 26);

        assertThat(ids(memory)).containsExactly("t26", "t27", "t28", "t29");
        assertThat(memory.getSummary().length()).isLessThanOrEqualTo(1500);
        List<String> lines = memory.getSummary().lines().toList();
        assertThat(lines.get(lines.size() - 1))
                .isEqualTo("[2023-05-08] Caroline: Caroline adopted 3 kittens in Denver, said turn-25.");
        assertThat(memory.getSummary()).doesNotContain("said turn-0.");
    }

    @Test
    void an_agent_scope_has_its_own_window_and_summary() {
        String project = newProject();
        Scope planner =
                scope(project, "alice", "s1").toBuilder().setAgentId("planner").build();
        Scope coder =
                scope(project, "alice", "s1").toBuilder().setAgentId("coder").build();
        for (int i = 0; i < 5; i++) {
            ingest.addEpisodes(add(planner, turn("p" + i, "plan-" + i, String.format("10:%02d", 2 * i))));
            ingest.addEpisodes(add(coder, turn("c" + i, "code-" + i, String.format("10:%02d", 2 * i + 1))));
        }

        ShortTermMemory plannerMemory = await(planner, stm -> stm.getSummarizedEpisodes() == 1);
        ShortTermMemory whole = await(scope(project, "alice", "s1"), stm -> stm.getSummarizedEpisodes() == 6);

        assertThat(ids(plannerMemory)).containsExactly("p1", "p2", "p3", "p4");
        assertThat(plannerMemory.getSummary()).contains("said plan-0.").doesNotContain("code-");
        assertThat(ids(whole)).containsExactly("p3", "c3", "p4", "c4");
        assertThat(ids(ingest.getShortTerm(shortTerm(scope(project, "alice", "s1").toBuilder()
                        .setAgentId("nobody")
                        .build()))))
                .isEmpty();
    }

    @Test
    void a_request_without_session_or_user_is_invalid_naming_the_fields() {
        StatusRuntimeException noSession = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getShortTerm(shortTerm(scope(newProject(), "u1", ""))));
        StatusRuntimeException noUser = catchThrowableOfType(
                StatusRuntimeException.class, () -> ingest.getShortTerm(shortTerm(scope(newProject(), "", "s1"))));
        StatusRuntimeException badAgent = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> ingest.getShortTerm(shortTerm(scope(newProject(), "u1", "s1").toBuilder()
                        .setAgentId("bad agent")
                        .build())));

        assertThat(noSession.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(noSession.getStatus().getDescription()).contains("scope.session_id");
        assertThat(noUser.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(noUser.getStatus().getDescription()).contains("scope.user_id");
        assertThat(badAgent.getStatus().getDescription()).contains("scope.agent_id");
    }

    /** A 1,000-character turn of Caroline's on 2023-05-08 at {@code time}: four fill the window. */
    private static NewEpisode turn(String id, String marker, String time) {
        return episode(id, content(marker, 1000), "2023-05-08T" + time + ":00Z").toBuilder()
                .setProducer("Caroline")
                .build();
    }

    private ShortTermMemory await(Scope session, Predicate<ShortTermMemory> done) {
        return Eventually.await(SUMMARIZED, () -> ingest.getShortTerm(shortTerm(session)), done);
    }

    private static List<String> ids(ShortTermMemory memory) {
        return memory.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
