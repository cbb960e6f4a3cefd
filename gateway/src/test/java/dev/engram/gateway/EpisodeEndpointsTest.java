package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.DeleteEpisodesRequest;
import dev.engram.proto.v1.Deletion;
import dev.engram.proto.v1.DeletionState;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetDeletionRequest;
import dev.engram.proto.v1.GetEpisodeRequest;
import dev.engram.proto.v1.ListEpisodesRequest;
import dev.engram.proto.v1.ListEpisodesResponse;
import dev.engram.proto.v1.ReindexRequest;
import dev.engram.proto.v1.ReindexResponse;
import dev.engram.proto.v1.Scope;
import io.grpc.Status;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class EpisodeEndpointsTest {

    private static final String DELETION_ID = "5b2c8e3a-9d41-4f7e-8a6b-0c1d2e3f4a5b";

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void an_episode_is_read_in_the_callers_project_and_user() {
        ingest.answer(Episode.newBuilder()
                .setId("e-1")
                .setScope(Scope.newBuilder().setSessionId("conv/s1"))
                .setContent("I adopted a cat.")
                .putMetadata("dia_id", "D1:1")
                .build());

        given().queryParam("user_id", "caroline")
                .get("/v1/memories/episodes/e-1")
                .then()
                .statusCode(200)
                .body("id", equalTo("e-1"))
                .body("session_id", equalTo("conv/s1"))
                .body("metadata.dia_id", equalTo("D1:1"));

        assertThat(ingest.otherRequests)
                .containsExactly(GetEpisodeRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .setEpisodeId("e-1")
                        .build());
    }

    @Test
    void an_unknown_episode_is_404() {
        ingest.failWith(Status.NOT_FOUND.withDescription("no such episode"));
        given().queryParam("user_id", "caroline")
                .get("/v1/memories/episodes/nope")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void a_listing_passes_its_page_and_returns_the_next_cursor() {
        ingest.answer(ListEpisodesResponse.newBuilder()
                .addEpisodes(Episode.newBuilder().setId("e-1").setContent("a"))
                .setNextCursor("bmV4dA==")
                .build());

        given().queryParam("user_id", "caroline")
                .queryParam("session_id", "conv/s1")
                .queryParam("limit", "2")
                .queryParam("cursor", "Zmlyc3Q=")
                .get("/v1/memories/episodes")
                .then()
                .statusCode(200)
                .body("episodes.id", equalTo(List.of("e-1")))
                .body("next_cursor", equalTo("bmV4dA=="));

        assertThat(ingest.otherRequests)
                .containsExactly(ListEpisodesRequest.newBuilder()
                        .setScope(Scope.newBuilder()
                                .setProject("default")
                                .setUserId("caroline")
                                .setSessionId("conv/s1"))
                        .setCursor("Zmlyc3Q=")
                        .setLimit(2)
                        .build());
    }

    /** The page size left out is ingest-service's default to fill in (100). */
    @Test
    void the_last_page_has_no_cursor_and_a_page_size_left_out_stays_unset() {
        given().queryParam("user_id", "caroline")
                .get("/v1/memories/episodes")
                .then()
                .statusCode(200)
                .body("next_cursor", nullValue());
        assertThat(((ListEpisodesRequest) ingest.otherRequests.get(0)).hasLimit())
                .isFalse();
    }

    @Test
    void a_bad_listing_is_400_naming_each_field_and_reaches_nothing() {
        given().queryParam("user_id", "bad user")
                .queryParam("limit", "1001")
                .queryParam("cursor", "not a cursor!")
                .get("/v1/memories/episodes")
                .then()
                .statusCode(400)
                .body("errors.field", equalTo(List.of("user_id", "cursor", "limit")));
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void a_completed_deletion_is_200_with_its_count() {
        ingest.answer(Deletion.newBuilder()
                .setId("d-1")
                .setState(DeletionState.DELETION_STATE_COMPLETE)
                .setEpisodes(1)
                .build());

        given().queryParam("user_id", "caroline")
                .delete("/v1/memories/episodes/e-1")
                .then()
                .statusCode(200)
                .body("status", equalTo("complete"))
                .body("deleted_episodes", equalTo(1))
                .body("pending_stores", equalTo(List.of()));

        assertThat(ingest.otherRequests)
                .containsExactly(DeleteEpisodesRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .setEpisodeId("e-1")
                        .build());
    }

    @Test
    void a_deletion_still_reaching_a_store_is_202_with_where_to_follow_it() {
        ingest.answer(Deletion.newBuilder()
                .setId("d-2")
                .setState(DeletionState.DELETION_STATE_PENDING)
                .setEpisodes(12)
                .addPendingStores("vector")
                .build());

        given().queryParam("user_id", "caroline")
                .delete("/v1/sessions/conv-26/session_1")
                .then()
                .statusCode(202)
                .header("Location", endsWith("/v1/deletions/d-2"))
                .body("status", equalTo("pending"))
                .body("pending_stores", equalTo(List.of("vector")));

        assertThat(ingest.otherRequests)
                .containsExactly(DeleteEpisodesRequest.newBuilder()
                        .setScope(Scope.newBuilder()
                                .setProject("default")
                                .setUserId("caroline")
                                .setSessionId("conv-26/session_1"))
                        .build());
    }

    @Test
    void deleting_a_user_names_no_session_and_no_episode() {
        given().delete("/v1/users/caroline").then().statusCode(202);
        assertThat(ingest.otherRequests)
                .containsExactly(DeleteEpisodesRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .build());
    }

    /** Deletion ids are UUIDs, which ingest-service makes; the gateway refuses anything else, as ingest does. */
    @Test
    void a_deletion_is_followed_within_the_project() {
        ingest.answer(Deletion.newBuilder()
                .setId(DELETION_ID)
                .setState(DeletionState.DELETION_STATE_COMPLETE)
                .build());
        given().get("/v1/deletions/" + DELETION_ID).then().statusCode(200).body("status", equalTo("complete"));
        assertThat(ingest.otherRequests)
                .containsExactly(GetDeletionRequest.newBuilder()
                        .setProject("default")
                        .setDeletionId(DELETION_ID)
                        .build());
    }

    @Test
    void a_deletion_id_that_is_not_a_uuid_is_400() {
        given().get("/v1/deletions/d-3").then().statusCode(400).body("errors[0].field", equalTo("deletion_id"));
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void invalid_deletions_are_400_and_reach_nothing() {
        given().queryParam("user_id", "caroline")
                .delete("/v1/memories/episodes/bad id")
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("episode_id"));
        given().delete("/v1/memories/episodes/e-1").then().statusCode(400).body("errors[0].field", equalTo("user_id"));
        given().delete("/v1/users/" + "u".repeat(129)).then().statusCode(400);
        given().queryParam("user_id", "c'--").delete("/v1/sessions/s1").then().statusCode(400);
        assertThat(ingest.calls()).isZero();
    }

    @Test
    void reindex_queues_the_projects_episodes() {
        ingest.answer(ReindexResponse.newBuilder().setEpisodes(5882).build());

        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/admin/reindex")
                .then()
                .statusCode(202)
                .body("project", equalTo("default"))
                .body("queued_episodes", equalTo(5882));

        assertThat(ingest.otherRequests)
                .containsExactly(
                        ReindexRequest.newBuilder().setProject("default").build());
    }

    @Test
    void reindexing_another_project_is_403() {
        given().contentType(ContentType.JSON)
                .body("{\"project\": \"someone-else\"}")
                .post("/v1/admin/reindex")
                .then()
                .statusCode(403);
        assertThat(ingest.calls()).isZero();
    }
}
