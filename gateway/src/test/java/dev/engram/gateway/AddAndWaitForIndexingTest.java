package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.GetStatusRequest;
import dev.engram.proto.v1.GetStatusResponse;
import io.grpc.Status;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code wait: indexed}: the add is answered once ingest-service says its episodes are searchable, or 202. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class AddAndWaitForIndexingTest {

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void without_a_wait_the_add_is_answered_once_stored() {
        given().contentType(ContentType.JSON)
                .body(add(Map.of()))
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .body("pending", nullValue());

        assertThat(ingest.statusRequests).isEmpty();
    }

    @Test
    void episodes_searchable_in_time_are_a_201_without_pending() {
        ingest.answerStatus(
                GetStatusResponse.newBuilder().setStored(2).setIndexed(2).build());

        given().contentType(ContentType.JSON)
                .body(add(Map.of("wait", "indexed")))
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .body("episodes.id", contains("e1", "e2"))
                .body("pending", nullValue());

        GetStatusRequest asked = ingest.statusRequests.get(0);
        assertThat(asked.getScope().getUserId()).isEqualTo("maya");
        assertThat(asked.getEpisodeIdsList()).containsExactly("e1", "e2");
    }

    @Test
    void a_wait_that_runs_out_is_a_202_naming_the_episodes_still_pending() {
        ingest.answerStatus(GetStatusResponse.newBuilder()
                .setStored(2)
                .setIndexed(1)
                .setPending(1)
                .addPendingEpisodeIds("e2")
                .build());

        given().contentType(ContentType.JSON)
                .body(add(Map.of("wait", "indexed", "wait_timeout_ms", 300)))
                .post("/v1/memories")
                .then()
                .statusCode(202)
                .body("episodes.status", contains("created", "created"))
                .body("pending", contains("e2"));

        assertThat(ingest.statusRequests).hasSizeGreaterThan(1);
        assertThat(ingest.statusRequests.get(ingest.statusRequests.size() - 1).getEpisodeIdsList())
                .as("later polls ask only about the episodes still pending")
                .containsExactly("e2");
    }

    @Test
    void a_stored_batch_whose_state_cannot_be_read_is_a_202_with_everything_pending() {
        ingest.failStatusWith(Status.UNAVAILABLE);

        given().contentType(ContentType.JSON)
                .body(add(Map.of("wait", "indexed")))
                .post("/v1/memories")
                .then()
                .statusCode(202)
                .body("pending", contains("e1", "e2"));

        assertThat(ingest.addRequests).hasSize(1);
    }

    @Test
    void a_wait_of_an_unknown_kind_or_length_is_a_400_and_nothing_is_stored() {
        given().contentType(ContentType.JSON)
                .body(add(Map.of("wait", "soon", "wait_timeout_ms", 0)))
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .body("errors.field", containsInAnyOrder("wait", "wait_timeout_ms"));

        assertThat(ingest.addRequests).isEmpty();
    }

    private static Map<String, Object> add(Map<String, Object> wait) {
        Map<String, Object> body = new HashMap<>(Map.of(
                "user_id",
                "maya",
                "session_id",
                "chat",
                "episodes",
                List.of(Map.of("id", "e1", "content", "I moved to Porto."), Map.of("id", "e2", "content", "Hi."))));
        body.putAll(wait);
        return body;
    }
}
