package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeRetrievalService;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whatever a client lists in {@code Accept}, it gets the API's JSON, never a {@code 406}. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class ContentNegotiationTest {

    private static final String SEARCH = "{\"user_id\":\"caroline\",\"query\":\"what did she adopt?\"}";

    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        retrieval.reset();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/problem+json",
                "application/problem+json, application/json",
                "text/html",
                "application/xml;q=0.9",
                "*/*"
            })
    void an_answer_is_json_whatever_was_accepted(String accept) {
        given().contentType(ContentType.JSON)
                .accept(accept)
                .body(SEARCH)
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .contentType(startsWith("application/json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/problem+json", "application/json", "text/html"})
    void a_problem_is_problem_json_whatever_was_accepted(String accept) {
        given().contentType(ContentType.JSON)
                .accept(accept)
                .body("{\"user_id\":\"caroline\"}")
                .post("/v1/memories/search")
                .then()
                .statusCode(400)
                .contentType(startsWith("application/problem+json"))
                .body("errors[0].field", equalTo("query"));
    }
}
