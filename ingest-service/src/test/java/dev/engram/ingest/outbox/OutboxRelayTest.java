package dev.engram.ingest.outbox;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import dev.engram.testing.PostgresTestResource;
import io.grpc.Status;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class OutboxRelayTest {

    private static final Duration DELIVERY = Duration.ofSeconds(15);
    // %test.engram.outbox.max-attempts
    private static final int MAX_ATTEMPTS = 3;

    @Inject
    DataSource dataSource;

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    VectorServiceDouble vector;

    @AfterEach
    void bringVectorServiceBack() {
        vector.setUnavailable(false);
    }

    @Test
    void status_names_the_asked_episodes_not_searchable_yet_until_they_are() {
        String project = newProject();
        vector.setUnavailable(true);
        ingest.addEpisodes(add(scope(project, "maya", "s1"), episode("w1", "first"), episode("w2", "second")));
        ingest.addEpisodes(add(scope(project, "leo", "s1"), episode("w1", "the other user's")));
        GetStatusRequest asked = status(project, "maya").toBuilder()
                .addEpisodeIds("w1")
                .addEpisodeIds("w2")
                .addEpisodeIds("unknown")
                .build();

        assertThat(ingest.getStatus(asked).getPendingEpisodeIdsList()).containsExactlyInAnyOrder("w1", "w2");
        assertThat(ingest.getStatus(status(project, "maya")).getPendingEpisodeIdsList())
                .as("only the episodes asked about are listed")
                .isEmpty();

        vector.setUnavailable(false);
        awaitStatus(project, "maya", done -> done.getPending() == 0);
        assertThat(ingest.getStatus(asked).getPendingEpisodeIdsList()).isEmpty();
    }

    @Test
    void outbox_delivers_each_episode_intact_and_marks_it_indexed() {
        String project = newProject();
        Scope scope =
                scope(project, "caroline", "s1").toBuilder().setAgentId("a1").build();
        NewEpisode sent = episode("d1", "I went to a support group", "2023-05-08T13:56:00Z").toBuilder()
                .setProducer("Caroline")
                .putMetadata("dia_id", "D1:3")
                .build();
        ingest.addEpisodes(add(scope, sent, episode("d2", "second")));

        GetStatusResponse done = awaitStatus(project, "caroline", status -> status.getPending() == 0);

        assertThat(done.getStored()).isEqualTo(2);
        assertThat(done.getIndexed()).isEqualTo(2);
        Episode delivered = vector.indexed("d1").orElseThrow();
        assertThat(delivered.getScope()).isEqualTo(scope);
        assertThat(delivered.getContent()).isEqualTo(sent.getContent());
        assertThat(delivered.getProducer()).isEqualTo("Caroline");
        assertThat(delivered.getTimestamp()).isEqualTo(sent.getTimestamp());
        assertThat(delivered.getMetadataMap()).isEqualTo(sent.getMetadataMap());
        assertThat(delivered.getSequence()).isPositive();
        assertThat(vector.indexed("d2")).isPresent();
    }

    @Test
    void episodes_stay_pending_while_vector_service_is_down_and_are_delivered_when_it_is_back() {
        vector.setUnavailable(true);
        String project = newProject();
        List<String> ids = List.of("down-1", "down-2", "down-3");
        ingest.addEpisodes(add(
                scope(project, "u1", "s1"),
                episode(ids.get(0), "one"),
                episode(ids.get(1), "two"),
                episode(ids.get(2), "three")));

        Eventually.await(DELIVERY, () -> ids.stream().allMatch(vector::refused), refusedAll -> refusedAll);
        GetStatusResponse whileDown = ingest.getStatus(status(project, "u1"));
        assertThat(whileDown.getStored()).isEqualTo(3);
        assertThat(whileDown.getIndexed()).isZero();
        assertThat(whileDown.getPending()).isEqualTo(3);
        assertThat(ids).allSatisfy(id -> assertThat(vector.indexed(id)).isEmpty());

        vector.setUnavailable(false);

        GetStatusResponse afterRecovery = awaitStatus(project, "u1", status -> status.getPending() == 0);
        assertThat(afterRecovery.getIndexed()).isEqualTo(3);
        assertThat(ids).allSatisfy(id -> assertThat(vector.indexed(id)).isPresent());
    }

    @Test
    void an_episode_vector_service_refuses_holds_back_no_other_and_is_parked_after_max_attempts() {
        String project = newProject();
        String poison = "poison-" + project;
        vector.refuseAlways(poison, Status.INVALID_ARGUMENT);
        List<String> good = List.of("good-1-" + project, "good-2-" + project, "good-3-" + project);
        ingest.addEpisodes(add(
                scope(project, "u1", "s1"),
                episode(good.get(0), "one"),
                episode(poison, "bad"),
                episode(good.get(1), "two"),
                episode(good.get(2), "three")));

        GetStatusResponse delivered = awaitStatus(project, "u1", status -> status.getIndexed() == 3);
        assertThat(delivered.getPending()).isEqualTo(1);
        assertThat(good).allSatisfy(id -> assertThat(vector.indexed(id)).isPresent());
        assertThat(vector.indexed(poison)).isEmpty();

        Eventually.await(DELIVERY, () -> outboxRow(poison), row -> row.parked());
        int callsWhenParked = vector.callsWith(poison);
        assertThat(callsWhenParked).isGreaterThanOrEqualTo(MAX_ATTEMPTS);
        assertThat(outboxRow(poison).lastError()).contains("INVALID_ARGUMENT");

        // Several max-backoffs later: never retried, still pending, and visible as parked.
        Eventually.await(
                DELIVERY,
                () -> given().get("/q/metrics").then().statusCode(200).extract().asString(),
                metrics -> parkedGauge(metrics) >= 1);
        sleep(Duration.ofSeconds(2));
        assertThat(vector.callsWith(poison)).isEqualTo(callsWhenParked);
        GetStatusResponse after = ingest.getStatus(status(project, "u1"));
        assertThat(after.getPending()).isEqualTo(1);
        assertThat(after.getStored()).isEqualTo(4);
    }

    @Test
    void status_counts_only_the_users_own_episodes() {
        String project = newProject();
        ingest.addEpisodes(add(scope(project, "u1", "s1"), episode("m1", "a"), episode("m2", "b")));
        ingest.addEpisodes(add(scope(project, "u1", "s2"), episode("m3", "c")));
        ingest.addEpisodes(add(scope(project, "u2", "s1"), episode("n1", "d")));

        GetStatusResponse mine = awaitStatus(project, "u1", status -> status.getPending() == 0);

        assertThat(mine.getStored()).isEqualTo(3);
        assertThat(mine.getIndexed()).isEqualTo(3);
        assertThat(ingest.getStatus(status(project, "nobody")).getStored()).isZero();
    }

    @Test
    void pending_outbox_rows_are_exported_as_a_prometheus_gauge() {
        Eventually.await(
                DELIVERY,
                () -> given().get("/q/metrics").then().statusCode(200).extract().asString(),
                metrics -> metrics.contains("engram_outbox_pending{target=\"vector\"}"));
    }

    @Test
    void indexing_lag_grows_while_vector_service_is_down_and_returns_to_zero_after() {
        String project = newProject();
        vector.setUnavailable(true);
        try {
            ingest.addEpisodes(add(scope(project, "u1", "s1"), episode("lag-" + project, "waiting")));
            Eventually.await(
                    DELIVERY,
                    () -> given().get("/q/metrics")
                            .then()
                            .statusCode(200)
                            .extract()
                            .asString(),
                    metrics -> gauge(metrics, "engram_outbox_lag_seconds{target=\"vector\"}") >= 2);
        } finally {
            vector.setUnavailable(false);
        }
        awaitStatus(project, "u1", status -> status.getPending() == 0);
        Eventually.await(
                DELIVERY,
                () -> given().get("/q/metrics").then().statusCode(200).extract().asString(),
                metrics -> gauge(metrics, "engram_outbox_lag_seconds{target=\"vector\"}") == 0);
    }

    private record OutboxRow(boolean parked, String lastError) {}

    private OutboxRow outboxRow(String episodeId) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement("""
                        select o.parked_at is not null, o.last_error from ingest.outbox o
                          join ingest.episode e on e.pk = o.episode_pk
                         where e.episode_id = ?
                        """)) {
            query.setString(1, episodeId);
            try (ResultSet row = query.executeQuery()) {
                assertThat(row.next()).as("outbox row of " + episodeId).isTrue();
                return new OutboxRow(row.getBoolean(1), row.getString(2));
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static double parkedGauge(String metrics) {
        return gauge(metrics, "engram_outbox_parked{target=\"vector\"}");
    }

    private static double gauge(String metrics, String series) {
        return metrics.lines()
                .filter(line -> line.startsWith(series))
                // A traced sample may end in an exemplar ("# {trace_id=…} 1.0 <time>"); the value precedes it.
                .mapToDouble(line ->
                        Double.parseDouble(line.replaceFirst(" # .*", "").replaceFirst(".* ", "")))
                .findFirst()
                .orElse(0);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private GetStatusResponse awaitStatus(String project, String user, Predicate<GetStatusResponse> done) {
        return Eventually.await(DELIVERY, () -> ingest.getStatus(status(project, user)), done);
    }
}
