package dev.engram.ingest.store;

import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.OnVertx;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Claims as several relays (replicas) would make them, with the application's own relay paused. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class OutboxClaimTest {

    private static final String RELAY_JOB = "outbox-vector-relay";

    @Inject
    OutboxRepository outbox;

    @Inject
    Scheduler scheduler;

    @Inject
    Vertx vertx;

    @Inject
    DataSource dataSource;

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    private String project;

    @BeforeEach
    void queueEpisodesWithTheRelayPaused() throws SQLException {
        scheduler.pause(RELAY_JOB);
        Eventually.await(Duration.ofSeconds(15), () -> pendingRows(), count -> count == 0);
        project = newProject();
        // Written behind the service's back so that no relay run is started for them.
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement("""
                        with e as (
                            insert into ingest.episode (project, episode_id, user_id, session_id, content, ts)
                            values (?, ?, 'u1', 's1', 'text', now()) returning pk)
                        insert into ingest.outbox (episode_pk, target) select pk, 'vector' from e
                        """)) {
            for (int i = 0; i < 6; i++) {
                insert.setString(1, project);
                insert.setString(2, "queued-" + i);
                insert.executeUpdate();
            }
        }
    }

    @AfterEach
    void resumeTheRelay() {
        scheduler.resume(RELAY_JOB);
    }

    @Test
    void concurrent_claims_never_share_a_row() throws Exception {
        CompletableFuture<OutboxBatch> first = claim(3, Duration.ofMinutes(1));
        CompletableFuture<OutboxBatch> second = claim(3, Duration.ofMinutes(1));

        List<Long> firstIds = first.get(10, TimeUnit.SECONDS).outboxIds();
        List<Long> secondIds = second.get(10, TimeUnit.SECONDS).outboxIds();

        assertThat(firstIds).hasSize(3);
        assertThat(secondIds).hasSize(3).doesNotContainAnyElementsOf(firstIds);
        assertThat(claim(6, Duration.ofMinutes(1)).get(10, TimeUnit.SECONDS).isEmpty())
                .as("leased rows are not due")
                .isTrue();
    }

    @Test
    void rows_of_a_relay_that_stopped_midway_are_delivered_after_its_lease() throws Exception {
        OutboxBatch abandoned = claim(6, Duration.ofMillis(500)).get(10, TimeUnit.SECONDS);
        Set<String> claimed = new HashSet<>();
        abandoned.episodes().forEach(episode -> claimed.add(episode.episodeId));
        assertThat(claimed).hasSize(6);

        scheduler.resume(RELAY_JOB);

        Eventually.await(
                Duration.ofSeconds(15),
                () -> ingest.getStatus(status(project, "u1")),
                counts -> counts.getStored() == 6 && counts.getPending() == 0);
    }

    private CompletableFuture<OutboxBatch> claim(int batchSize, Duration lease) {
        return OnVertx.start(vertx, () -> outbox.claim(OutboxTarget.VECTOR, batchSize, lease));
    }

    private long pendingRows() {
        try {
            return OnVertx.start(vertx, () -> outbox.countPending(OutboxTarget.VECTOR))
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
