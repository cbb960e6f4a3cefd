package dev.engram.ingest.service;

import static dev.engram.ingest.testing.TestData.add;
import static dev.engram.ingest.testing.TestData.episode;
import static dev.engram.ingest.testing.TestData.newProject;
import static dev.engram.ingest.testing.TestData.scope;
import static dev.engram.ingest.testing.TestData.status;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.ingest.testing.Eventually;
import dev.engram.ingest.testing.PostgresResource;
import dev.engram.ingest.testing.VectorServiceDouble;
import dev.engram.ingest.testing.VectorServiceDoubleResource;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.IngestServiceGrpc.IngestServiceBlockingStub;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(VectorServiceDoubleResource.class)
class OutboxRelayTest {

    private static final Duration DELIVERY = Duration.ofSeconds(15);

    @GrpcClient("ingest")
    IngestServiceBlockingStub ingest;

    VectorServiceDouble vector;

    @AfterEach
    void bringVectorServiceBack() {
        vector.setUnavailable(false);
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

    private GetStatusResponse awaitStatus(String project, String user, Predicate<GetStatusResponse> done) {
        return Eventually.await(DELIVERY, () -> ingest.getStatus(status(project, user)), done);
    }
}
