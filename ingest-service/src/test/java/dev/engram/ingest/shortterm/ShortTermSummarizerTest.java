package dev.engram.ingest.shortterm;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.content;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.shortTerm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.ShortTermRows;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
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
 * The summarizer works from what PostgreSQL holds, never from memory: a session marked due and
 * leased by a summarizer that died (a crash, a restart) is taken over once the lease runs out.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class ShortTermSummarizerTest {

    private static final Duration SUMMARIZED = Duration.ofSeconds(15);
    private static final Duration DEAD_LEASE = Duration.ofSeconds(3);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    private ShortTermRows rows;
    private String project;

    @BeforeEach
    void newProjectAndRows() {
        rows = new ShortTermRows(dataSource);
        project = newProject();
    }

    @Test
    void evicted_episodes_stay_visible_until_summarized_and_a_dead_summarizers_session_is_taken_over() {
        rows.leaseToDeadSummarizer(project, "caroline", "s1", Instant.now().plus(DEAD_LEASE));
        for (int i = 0; i < 6; i++) {
            rows.insertEpisode(
                    project,
                    "caroline",
                    "s1",
                    "e" + i,
                    content("episode-" + i, 1000),
                    Instant.parse("2023-05-08T10:00:00Z").plusSeconds(60L * i));
        }

        ShortTermMemory beforeTakeover = read("s1");
        assertThat(ids(beforeTakeover)).containsExactly("e0", "e1", "e2", "e3", "e4", "e5");
        assertThat(beforeTakeover.getSummary()).isEmpty();
        assertThat(beforeTakeover.getSummarizedEpisodes()).isZero();

        ShortTermMemory afterTakeover = await("s1", stm -> stm.getSummarizedEpisodes() == 2);
        assertThat(ids(afterTakeover)).containsExactly("e2", "e3", "e4", "e5");
        assertThat(afterTakeover.getSummary()).contains("said episode-0.", "said episode-1.");
        assertThat(rows.find(project, "caroline", "s1").orElseThrow().writer()).isEqualTo("extractive");
    }

    @Test
    void an_episode_arriving_late_with_an_old_timestamp_stays_visible_until_the_summary_takes_it_in() {
        Scope session = scope(project, "caroline", "s2");
        for (int i = 1; i <= 5; i++) {
            ingest.addEpisodes(add(session, turn("t" + i, "turn-" + i, "2023-05-08T10:0" + i + ":00Z")));
        }
        await("s2", stm -> stm.getSummarizedEpisodes() == 1);
        rows.leaseToDeadSummarizer(project, "caroline", "s2", Instant.now().plus(DEAD_LEASE));

        ingest.addEpisodes(add(session, turn("late", "late-turn", "2023-05-08T09:00:00Z")));

        ShortTermMemory beforeSummary = read("s2");
        assertThat(ids(beforeSummary)).containsExactly("late", "t2", "t3", "t4", "t5");
        assertThat(beforeSummary.getSummarizedEpisodes()).isEqualTo(1);
        assertThat(beforeSummary.getSummary()).contains("said turn-1.").doesNotContain("late-turn");

        ShortTermMemory afterSummary = await("s2", stm -> stm.getSummarizedEpisodes() == 2);
        assertThat(ids(afterSummary)).containsExactly("t2", "t3", "t4", "t5");
        assertThat(afterSummary.getSummary()).contains("said turn-1.", "said late-turn.");
    }

    private static NewEpisode turn(String id, String marker, String timestamp) {
        return episode(id, content(marker, 1000), timestamp).toBuilder()
                .setProducer("Caroline")
                .build();
    }

    private ShortTermMemory read(String session) {
        return ingest.getShortTerm(shortTerm(scope(project, "caroline", session)));
    }

    private ShortTermMemory await(String session, Predicate<ShortTermMemory> done) {
        return Eventually.await(SUMMARIZED, () -> read(session), done);
    }

    private static List<String> ids(ShortTermMemory memory) {
        return memory.getEpisodesList().stream().map(Episode::getId).toList();
    }
}
