package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import com.google.protobuf.Timestamp;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.ListSessionsRequest;
import dev.engram.proto.v1.ListSessionsResponse;
import dev.engram.proto.v1.ListUsersRequest;
import dev.engram.proto.v1.ListUsersResponse;
import dev.engram.proto.v1.SessionSummary;
import dev.engram.proto.v1.UserSummary;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The project's users, a user's sessions and who the caller is, while authentication is off. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class UserEndpointsTest {

    private static final Timestamp MAY_8 =
            Timestamp.newBuilder().setSeconds(1_683_554_160L).build(); // 2023-05-08T13:56:00Z

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void users_are_listed_in_the_callers_project_with_their_counts() {
        ingest.answer(ListUsersResponse.newBuilder()
                .addUsers(UserSummary.newBuilder()
                        .setUserId("caroline")
                        .setStored(3)
                        .setIndexed(2)
                        .setPending(1)
                        .setSessions(2)
                        .setLastEpisodeAt(MAY_8))
                .setNextCursor("dTE6Y2Fyb2xpbmU")
                .build());

        given().queryParam("limit", "1")
                .queryParam("cursor", "dTE6YWxpY2U")
                .get("/v1/users")
                .then()
                .statusCode(200)
                .body("users.user_id", contains("caroline"))
                .body("users[0].stored", equalTo(3))
                .body("users[0].indexed", equalTo(2))
                .body("users[0].pending", equalTo(1))
                .body("users[0].sessions", equalTo(2))
                .body("users[0].last_episode_at", equalTo("2023-05-08T13:56:00Z"))
                .body("next_cursor", equalTo("dTE6Y2Fyb2xpbmU"));

        ListUsersRequest sent = (ListUsersRequest) ingest.otherRequests.get(0);
        assertThat(sent.getProject()).isEqualTo("default");
        assertThat(sent.getLimit()).isEqualTo(1);
        assertThat(sent.getCursor()).isEqualTo("dTE6YWxpY2U");
    }

    @Test
    void a_users_sessions_are_listed_and_the_last_page_has_no_cursor() {
        ingest.answer(ListSessionsResponse.newBuilder()
                .addSessions(SessionSummary.newBuilder()
                        .setSessionId("conv-26/session_1")
                        .setEpisodes(18)
                        .setFirstEpisodeAt(MAY_8)
                        .setLastEpisodeAt(MAY_8))
                .build());

        given().queryParam("agent_id", "helper")
                .get("/v1/users/caroline/sessions")
                .then()
                .statusCode(200)
                .body("sessions.session_id", contains("conv-26/session_1"))
                .body("sessions[0].episodes", equalTo(18))
                .body("sessions[0].first_episode_at", equalTo("2023-05-08T13:56:00Z"))
                .body("next_cursor", nullValue());

        ListSessionsRequest sent = (ListSessionsRequest) ingest.otherRequests.get(0);
        assertThat(sent.getScope().getProject()).isEqualTo("default");
        assertThat(sent.getScope().getUserId()).isEqualTo("caroline");
        assertThat(sent.getScope().getAgentId()).isEqualTo("helper");
        assertThat(sent.hasLimit()).isFalse();
    }

    @Test
    void bad_paging_is_a_400_naming_the_field_and_reaches_nothing() {
        given().queryParam("limit", "0").get("/v1/users").then().statusCode(400).body("errors.field", hasItem("limit"));
        given().queryParam("limit", "many")
                .get("/v1/users/caroline/sessions")
                .then()
                .statusCode(400)
                .body("errors.field", hasItem("limit"));
        given().queryParam("cursor", "not a cursor!")
                .get("/v1/users")
                .then()
                .statusCode(400)
                .body("errors.field", hasItem("cursor"));
        given().get("/v1/users/bad user/sessions").then().statusCode(400).body("errors.field", hasItem("user_id"));
        assertThat(ingest.otherRequests).isEmpty();
    }

    @Test
    void without_authentication_the_caller_is_the_configured_project_with_every_scope() {
        given().get("/v1/me")
                .then()
                .statusCode(200)
                .body("project", equalTo("default"))
                .body("key_id", nullValue())
                .body("scopes", contains("read", "write", "admin"))
                .body("authentication", equalTo(false));
    }

    @Test
    void the_console_is_served_by_the_gateway() {
        given().redirects()
                .follow(false)
                .get("/console")
                .then()
                .statusCode(301)
                .header("Location", equalTo("/console/"));
        String page = given().get("/console/")
                .then()
                .statusCode(200)
                .header("Content-Security-Policy", containsString("default-src 'self'"))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .extract()
                .asString();
        assertThat(page).contains("<title>Engram console</title>").contains("/console/assets/");
    }
}
