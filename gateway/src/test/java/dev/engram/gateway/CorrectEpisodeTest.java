package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.google.protobuf.util.Timestamps;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.EpisodeChange;
import dev.engram.proto.v1.EpisodeMetadata;
import dev.engram.proto.v1.GetStatusResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.UpdateEpisodeRequest;
import dev.engram.proto.v1.UpdateEpisodeResponse;
import io.grpc.Status;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code PATCH /v1/memories/episodes/{episode_id}}: what reaches ingest-service, what comes back, what is refused. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class CorrectEpisodeTest {

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void the_fields_given_are_sent_as_the_change_and_the_corrected_episode_comes_back() {
        ingest.answer(UpdateEpisodeResponse.newBuilder()
                .setChanged(true)
                .setEpisode(Episode.newBuilder()
                        .setId("e-1")
                        .setScope(Scope.newBuilder().setSessionId("chat-1"))
                        .setContent("I adopted a beagle.")
                        .setTimestamp(Timestamps.parseUnchecked("2024-03-01T10:00:00Z"))
                        .setRevision(1)
                        .setUpdatedAt(Timestamps.parseUnchecked("2024-03-02T08:00:00Z")))
                .build());

        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"I adopted a beagle.\", \"role\": \"\", \"metadata\": {\"channel\": \"web\"}}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(200)
                .body("status", equalTo("updated"))
                .body("episode.content", equalTo("I adopted a beagle."))
                .body("episode.revision", equalTo(1))
                .body("episode.updated_at", equalTo("2024-03-02T08:00:00Z"))
                .body("pending", nullValue());

        assertThat(ingest.otherRequests)
                .containsExactly(UpdateEpisodeRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("maya"))
                        .setEpisodeId("e-1")
                        .setChange(EpisodeChange.newBuilder()
                                .setContent("I adopted a beagle.")
                                .setRole("")
                                .setMetadata(EpisodeMetadata.newBuilder().putEntries("channel", "web")))
                        .build());
    }

    @Test
    void a_change_that_matches_what_is_stored_is_unchanged() {
        ingest.answer(UpdateEpisodeResponse.newBuilder()
                .setChanged(false)
                .setEpisode(Episode.newBuilder().setId("e-1").setContent("Same."))
                .build());

        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"Same.\"}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(200)
                .body("status", equalTo("unchanged"))
                .body("episode.revision", equalTo(0))
                .body("episode.updated_at", nullValue());
    }

    @Test
    void waiting_for_indexing_that_runs_out_is_202_with_the_episode_pending() {
        ingest.answer(UpdateEpisodeResponse.newBuilder()
                .setChanged(true)
                .setEpisode(Episode.newBuilder().setId("e-1").setContent("New."))
                .build());
        ingest.answerStatus(
                GetStatusResponse.newBuilder().addPendingEpisodeIds("e-1").build());

        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"New.\", \"wait\": \"indexed\", \"wait_timeout_ms\": 100}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(202)
                .body("pending", contains("e-1"));
    }

    @Test
    void an_unknown_episode_is_404() {
        ingest.failWith(Status.NOT_FOUND.withDescription("episode_id: the user has no episode nope"));
        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"x\"}")
                .patch("/v1/memories/episodes/nope")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void bad_changes_are_400_with_every_field_and_nothing_is_sent() {
        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"  \", \"timestamp\": \"yesterday\", \"producer\": \"" + "p".repeat(300)
                        + "\", \"wait\": \"soon\"}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(400)
                .body("errors.field", containsInAnyOrder("content", "timestamp", "producer", "wait"));

        given().contentType(ContentType.JSON)
                .queryParam("user_id", "maya")
                .body("{\"content\": \"x\", \"session_id\": \"elsewhere\"}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(400)
                .body("errors.field", contains("session_id"));

        given().contentType(ContentType.JSON)
                .body("{\"content\": \"x\"}")
                .patch("/v1/memories/episodes/e-1")
                .then()
                .statusCode(400)
                .body("errors.field", contains("user_id"));

        assertThat(ingest.otherRequests).isEmpty();
    }
}
