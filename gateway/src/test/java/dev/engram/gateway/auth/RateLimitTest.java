package dev.engram.gateway.auth;

import static dev.engram.gateway.auth.Keys.bearer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(RateLimitOn.class)
@WithTestResource(FakeDownstream.class)
@WithTestResource(PostgresTestResource.class)
class RateLimitTest {

    FakeIngestService ingest;

    @Test
    void a_key_over_its_rate_gets_429_with_retry_after_while_another_key_is_served() {
        String project = Keys.newProject("limited");
        String busy = Keys.newKey(project, "read");
        String quiet = Keys.newKey(project, "read");
        ingest.reset();

        List<Integer> statuses = new ArrayList<>();
        String retryAfter = null;
        for (int i = 0; i < 6; i++) {
            var response = given().header("Authorization", bearer(busy))
                    .queryParam("user_id", "u")
                    .get("/v1/memories/status");
            statuses.add(response.statusCode());
            if (response.statusCode() == 429) {
                retryAfter = response.header("Retry-After");
                response.then().body("type", equalTo("urn:engram:problem:rate-limited"));
            }
        }

        assertThat(statuses.subList(0, 3)).containsOnly(200);
        assertThat(statuses).contains(429);
        assertThat(retryAfter).isNotNull();
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 2);
        assertThat(ingest.statusRequests)
                .hasSize((int) statuses.stream().filter(s -> s == 200).count());
        given().header("Authorization", bearer(quiet))
                .queryParam("user_id", "u")
                .get("/v1/memories/status")
                .then()
                .statusCode(200);
    }
}
