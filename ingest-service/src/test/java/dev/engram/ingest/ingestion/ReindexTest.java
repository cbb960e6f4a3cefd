package dev.engram.ingest.ingestion;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.reindex;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.OutboxRows;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
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

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class ReindexTest {

    private static final Duration DELIVERY = Duration.ofSeconds(20);
    private static final List<String> IDS = List.of("r1", "r2", "r3");

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    @Inject
    DataSource dataSource;

    VectorServiceDouble vector;

    private OutboxRows outbox;
    private String project;
    private String otherProject;

    @BeforeEach
    void storeAndIndex() {
        outbox = new OutboxRows(dataSource);
        project = newProject();
        otherProject = newProject();
        ingest.addEpisodes(add(scope(project, "u1", "s1"), episode("r1", "one"), episode("r2", "two")));
        ingest.addEpisodes(add(scope(project, "u2", "s1"), episode("r3", "three")));
        ingest.addEpisodes(add(scope(otherProject, "u1", "s1"), episode("r1", "elsewhere")));
        awaitNothingPending(project, "u1");
        awaitNothingPending(project, "u2");
        awaitNothingPending(otherProject, "u1");
    }

    @AfterEach
    void vectorServiceUp() {
        vector.setUnavailable(false);
    }

    @Test
    void reindex_queues_each_stored_episode_once_and_searches_keep_counting_it_indexed() {
        vector.setUnavailable(true);

        long queued = ingest.reindex(reindex(project)).getEpisodes();
        long queuedAgain = ingest.reindex(reindex(project)).getEpisodes();

        assertThat(queued).isEqualTo(3);
        assertThat(queuedAgain).as("episodes still queued are not queued twice").isZero();
        assertThat(outbox.count(project, "vector")).isEqualTo(3);
        GetStatusResponse during = ingest.getStatus(status(project, "u1"));
        assertThat(during.getIndexed()).isEqualTo(2);
        assertThat(during.getPending()).isZero();

        vector.setUnavailable(false);

        Eventually.await(DELIVERY, () -> outbox.count(project, "vector"), rows -> rows == 0);
        assertThat(IDS)
                .allSatisfy(id -> assertThat(vector.deliveries(project, id)).isEqualTo(2));
        assertThat(vector.deliveries(otherProject, "r1")).isEqualTo(1);
        assertThat(ingest.getStatus(status(project, "u1")).getPending()).isZero();
    }

    @Test
    void reindex_replays_a_parked_episode_and_pending_returns_to_zero() {
        String poison = "poison-" + project;
        vector.refuseAlways(poison, Status.INVALID_ARGUMENT);
        ingest.addEpisodes(add(scope(project, "u1", "s1"), episode(poison, "refused for now")));
        Eventually.await(DELIVERY, () -> outbox.parked(project, poison, "vector"), parked -> parked);
        assertThat(ingest.getStatus(status(project, "u1")).getPending()).isEqualTo(1);

        vector.stopRefusing(poison);
        long queued = ingest.reindex(reindex(project)).getEpisodes();

        assertThat(queued).isEqualTo(4);
        GetStatusResponse after = awaitNothingPending(project, "u1");
        assertThat(after.getStored()).isEqualTo(3);
        assertThat(after.getIndexed()).isEqualTo(3);
        assertThat(vector.indexed(project, poison)).isPresent();
        Eventually.await(DELIVERY, () -> outbox.count(project, "vector"), rows -> rows == 0);
    }

    @Test
    void reindex_without_a_project_covers_every_project() {
        long queued = ingest.reindex(reindex("")).getEpisodes();

        assertThat(queued).isGreaterThanOrEqualTo(4);
        Eventually.await(
                DELIVERY,
                () -> vector.deliveries(project, "r3") + vector.deliveries(otherProject, "r1"),
                delivered -> delivered == 4);
        awaitNothingPending(project, "u1");
        awaitNothingPending(otherProject, "u1");
    }

    @Test
    void a_malformed_project_is_invalid() {
        StatusRuntimeException error =
                catchThrowableOfType(StatusRuntimeException.class, () -> ingest.reindex(reindex("no spaces")));

        assertThat(error.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(error.getStatus().getDescription()).contains("project");
    }

    private GetStatusResponse awaitNothingPending(String inProject, String user) {
        return Eventually.await(DELIVERY, () -> ingest.getStatus(status(inProject, user)), s -> s.getPending() == 0);
    }
}
