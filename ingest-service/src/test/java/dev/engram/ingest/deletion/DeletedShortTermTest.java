package dev.engram.ingest.deletion;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.content;
import static dev.engram.ingest.testing.TestData.delete;
import static dev.engram.ingest.testing.TestData.deleteEpisode;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.shortTerm;
import static dev.engram.ingest.testing.TestData.user;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ShortTermRows;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Short-term memory after a deletion holds no text of a deleted episode: summaries that covered it
 * start over from what remains, and a deleted session or user has no short-term memory left. With
 * the default budgets, four turns of 1,000 characters fill the window.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class DeletedShortTermTest {

    private static final Duration SUMMARIZED = Duration.ofSeconds(20);
    private static final String LINE = "[2023-05-08] Caroline: Caroline adopted 3 kittens in Denver, said ";

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    private String project;
    private ShortTermRows rows;

    @BeforeEach
    void newProjectAndRows() {
        project = newProject();
        rows = new ShortTermRows(dataSource);
    }

    @Test
    void a_summary_that_covered_a_deleted_episode_is_rebuilt_from_what_remains() {
        Scope planner = scope(project, "caroline", "s1").toBuilder()
                .setAgentId("planner")
                .build();
        addTurns(planner, 6);
        await(scope(project, "caroline", "s1"), stm -> stm.getSummarizedEpisodes() == 2);
        await(planner, stm -> stm.getSummarizedEpisodes() == 2);

        ingest.deleteEpisodes(deleteEpisode(project, "caroline", "t1"));

        for (Scope memory : List.of(scope(project, "caroline", "s1"), planner)) {
            ShortTermMemory right = ingest.getShortTerm(shortTerm(memory));
            assertThat(right.getSummary()).doesNotContain("turn-1");
            assertThat(ids(right)).doesNotContain("t1");
            ShortTermMemory rebuilt = await(memory, stm -> stm.getSummarizedEpisodes() == 1);
            assertThat(rebuilt.getSummary()).isEqualTo(LINE + "turn-0.");
            assertThat(ids(rebuilt)).containsExactly("t2", "t3", "t4", "t5");
        }
        assertThat(rows.find(project, "caroline", "s1").orElseThrow().summary()).doesNotContain("turn-1");
    }

    @Test
    void deleting_an_episode_the_summary_does_not_cover_keeps_the_summary() {
        Scope session = scope(project, "caroline", "s1");
        addTurns(session, 6);
        ShortTermMemory before = await(session, stm -> stm.getSummarizedEpisodes() == 2);

        ingest.deleteEpisodes(deleteEpisode(project, "caroline", "t5"));

        ShortTermMemory after = ingest.getShortTerm(shortTerm(session));
        assertThat(after.getSummary()).isEqualTo(before.getSummary());
        assertThat(after.getSummarizedEpisodes()).isEqualTo(2);
        assertThat(ids(after)).containsExactly("t2", "t3", "t4");
    }

    @Test
    void a_summary_being_written_when_its_episode_is_deleted_is_written_again_without_it() {
        // A summarizer has the session and may already have read the episode; its lease would last.
        rows.leaseToDeadSummarizer(project, "caroline", "s1", Instant.now().plus(Duration.ofHours(1)));
        for (int i = 0; i < 6; i++) {
            rows.insertEpisode(
                    project,
                    "caroline",
                    "s1",
                    "t" + i,
                    content("turn-" + i, 1000),
                    Instant.parse("2023-05-08T10:00:00Z").plusSeconds(60L * i));
        }

        ingest.deleteEpisodes(deleteEpisode(project, "caroline", "t0"));

        ShortTermMemory rebuilt = await(scope(project, "caroline", "s1"), stm -> stm.getSummarizedEpisodes() == 1);
        assertThat(rebuilt.getSummary()).isEqualTo(LINE + "turn-1.").doesNotContain("turn-0");
    }

    @Test
    void a_deleted_session_or_user_has_no_short_term_memory_left() {
        Scope s1 = scope(project, "caroline", "s1");
        Scope s2 = scope(project, "caroline", "s2");
        addTurns(s1, 6);
        ingest.addEpisodes(add(s2, episode("other", content("other", 1000), "2023-05-08T11:00:00Z")));
        await(s1, stm -> stm.getSummarizedEpisodes() == 2);

        ingest.deleteEpisodes(delete(s1));

        ShortTermMemory gone = ingest.getShortTerm(shortTerm(s1));
        assertThat(gone.getSummary()).isEmpty();
        assertThat(gone.getEpisodesList()).isEmpty();
        assertThat(rows.find(project, "caroline", "s1")).isEmpty();
        assertThat(ids(ingest.getShortTerm(shortTerm(s2)))).containsExactly("other");

        ingest.deleteEpisodes(delete(user(project, "caroline")));

        assertThat(ingest.getShortTerm(shortTerm(s2)).getEpisodesList()).isEmpty();
        assertThat(rows.find(project, "caroline", "s2")).isEmpty();
    }

    /** Turns t0.. of 1,000 characters, a minute apart, each sent on its own. */
    private void addTurns(Scope scope, int count) {
        for (int i = 0; i < count; i++) {
            ingest.addEpisodes(add(
                    scope,
                    episode("t" + i, content("turn-" + i, 1000), String.format("2023-05-08T10:%02d:00Z", i)).toBuilder()
                            .setProducer("Caroline")
                            .build()));
        }
    }

    private ShortTermMemory await(Scope scope, Predicate<ShortTermMemory> done) {
        return Eventually.await(SUMMARIZED, () -> ingest.getShortTerm(shortTerm(scope)), done);
    }

    private static List<String> ids(ShortTermMemory memory) {
        return memory.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
