package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeRetrievalService;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gateway's calls carry the deadline that bounds everything behind them, and are timed by peer and method. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class DownstreamCallsTest {

    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        retrieval.reset();
    }

    @Test
    void a_search_reaches_retrieval_with_the_searchs_deadline_of_5_s() {
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "u1", "query", "q"))
                .post("/v1/memories/search")
                .then()
                .statusCode(200);

        assertThat(retrieval.deadlinesLeft)
                .singleElement()
                .satisfies(left -> assertThat(left).isBetween(1L, 5_000L));
    }

    @Test
    void calls_behind_the_gateway_are_timed_by_peer_method_and_outcome() {
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "u1", "query", "q"))
                .post("/v1/memories/search")
                .then()
                .statusCode(200);

        given().get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString(
                        "engram_client_calls_seconds_count{method=\"Search\",outcome=\"OK\",peer=\"retrieval\"}"));
    }
}
