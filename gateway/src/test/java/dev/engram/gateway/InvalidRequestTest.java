package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.gateway.fake.FakeRetrievalService;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input is a 4xx problem document naming the field, and nothing reaches the services behind. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class InvalidRequestTest {

    private static final String PROBLEM_JSON = "application/problem+json";

    FakeIngestService ingest;
    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        ingest.reset();
        retrieval.reset();
    }

    @AfterEach
    void nothingWasSentDownstream() {
        assertThat(ingest.calls()).isZero();
        assertThat(retrieval.requests).isEmpty();
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                add("missing user_id", "{'session_id':'s1','episodes':[{'content':'hi'}]}", "user_id"),
                add("missing session_id", "{'user_id':'u1','episodes':[{'content':'hi'}]}", "session_id"),
                add("missing episodes", "{'user_id':'u1','session_id':'s1'}", "episodes"),
                add("empty episodes", "{'user_id':'u1','session_id':'s1','episodes':[]}", "episodes"),
                add("too many episodes", batchOf(1001), "episodes"),
                add("null episode", "{'user_id':'u1','session_id':'s1','episodes':[null]}", "episodes[0]"),
                addEpisodes("missing content", "{'content':'hi'},{'id':'e2'}", "episodes[1].content"),
                addEpisodes("empty content", "{'content':''}", "episodes[0].content"),
                addEpisodes("blank content", "{'content':'  \\n '}", "episodes[0].content"),
                addEpisodes(
                        "content over 32 KiB",
                        "{'content':'" + "a".repeat(32 * 1024 + 1) + "'}",
                        "episodes[0].content"),
                addEpisodes(
                        "content over 32 KiB in UTF-8 but not in characters",
                        "{'content':'" + "\u20ac".repeat(11_000) + "'}",
                        "episodes[0].content"),
                add(
                        "user_id with a space",
                        "{'user_id':'caro line','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "user_id"),
                add("empty user_id", "{'user_id':'','session_id':'s1','episodes':[{'content':'hi'}]}", "user_id"),
                add(
                        "user_id of 129 characters",
                        "{'user_id':'" + "u".repeat(129) + "','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "user_id"),
                add(
                        "agent_id with a hash",
                        "{'user_id':'u1','agent_id':'agent#1','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "agent_id"),
                add(
                        "session_id with a space",
                        "{'user_id':'u1','session_id':'s 1','episodes':[{'content':'hi'}]}",
                        "session_id"),
                addEpisodes(
                        "episode id with a slash", "{'content':'hi'},{'id':'e/2','content':'hi'}", "episodes[1].id"),
                addEpisodes(
                        "timestamp without offset",
                        "{'content':'hi','timestamp':'2023-05-08T13:56:00'}",
                        "episodes[0].timestamp"),
                addEpisodes(
                        "timestamp without time", "{'content':'hi','timestamp':'2023-05-08'}", "episodes[0].timestamp"),
                addEpisodes(
                        "timestamp as a number", "{'content':'hi','timestamp':1683554160}", "episodes[0].timestamp"),
                addEpisodes("metadata value a number", "{'content':'hi','metadata':{'k':1}}", "episodes[0].metadata.k"),
                addEpisodes("metadata value null", "{'content':'hi','metadata':{'k':null}}", "episodes[0].metadata.k"),
                addEpisodes(
                        "metadata value an object",
                        "{'content':'hi','metadata':{'k':{'a':'b'}}}",
                        "episodes[0].metadata.k"),
                addEpisodes("metadata an array", "{'content':'hi','metadata':['k']}", "episodes[0].metadata"),
                add("user_id a number", "{'user_id':42,'session_id':'s1','episodes':[{'content':'hi'}]}", "user_id"),
                add("episodes an object", "{'user_id':'u1','session_id':'s1','episodes':{'content':'hi'}}", "episodes"),
                addEpisodes("content an array", "{'content':['hi']}", "episodes[0].content"),
                add("body an array", "[{'user_id':'u1'}]", "body"),
                add("empty body", "", "body"),
                search("missing query", "{'user_id':'u1'}", "query"),
                search("empty query", "{'user_id':'u1','query':''}", "query"),
                search("query over 4000 characters", "{'user_id':'u1','query':'" + "q".repeat(4001) + "'}", "query"),
                search("missing user_id in search", "{'query':'q'}", "user_id"),
                search("bad session_id in search", "{'user_id':'u1','query':'q','session_id':'s 1'}", "session_id"),
                search("top_k zero", "{'user_id':'u1','query':'q','top_k':0}", "top_k"),
                search("top_k over 100", "{'user_id':'u1','query':'q','top_k':101}", "top_k"),
                search("top_k a string", "{'user_id':'u1','query':'q','top_k':'5'}", "top_k"),
                search("top_k a fraction", "{'user_id':'u1','query':'q','top_k':5.5}", "top_k"),
                search("top_k beyond int", "{'user_id':'u1','query':'q','top_k':99999999999}", "top_k"),
                search("mode not yet available", "{'user_id':'u1','query':'q','mode':'split'}", "mode"),
                search("unknown mode", "{'user_id':'u1','query':'q','mode':'banana'}", "mode"),
                search(
                        "negative before",
                        "{'user_id':'u1','query':'q','expand_context':{'before':-1}}",
                        "expand_context.before"),
                search(
                        "after over 10",
                        "{'user_id':'u1','query':'q','expand_context':{'after':11}}",
                        "expand_context.after"),
                search(
                        "max_context_tokens zero",
                        "{'user_id':'u1','query':'q','max_context_tokens':0}",
                        "max_context_tokens"),
                search(
                        "max_context_tokens over 32000",
                        "{'user_id':'u1','query':'q','max_context_tokens':32001}",
                        "max_context_tokens"),
                search("unknown include", "{'user_id':'u1','query':'q','include':['episodic','memes']}", "include[1]"),
                search(
                        "filter.from not a timestamp",
                        "{'user_id':'u1','query':'q','filter':{'from':'yesterday'}}",
                        "filter.from"),
                search(
                        "filter.from after filter.to",
                        "{'user_id':'u1','query':'q','filter':{'from':'2024-01-02T00:00:00Z','to':'2024-01-01T00:00:00Z'}}",
                        "filter.from"),
                search(
                        "bad filter session id",
                        "{'user_id':'u1','query':'q','filter':{'session_ids':['s1','s 2']}}",
                        "filter.session_ids[1]"),
                search(
                        "filter metadata value a boolean",
                        "{'user_id':'u1','query':'q','filter':{'metadata':{'k':true}}}",
                        "filter.metadata.k"),
                Arguments.of("status without user_id", "GET", "/v1/memories/status", null, "user_id"),
                Arguments.of("status with bad user_id", "GET", "/v1/memories/status?user_id=a%20b", null, "user_id"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void bad_input_is_a_400_problem_naming_the_field(
            String name, String method, String path, String body, String field) {
        RequestSpecification request = given().contentType(ContentType.JSON);
        if (body != null) {
            request.body(body);
        }
        request.request(method, path)
                .then()
                .statusCode(400)
                .contentType(PROBLEM_JSON)
                .body("status", equalTo(400))
                .body("type", notNullValue())
                .body("title", notNullValue())
                .body("detail", notNullValue())
                .body("errors.field", hasItem(field));
    }

    @Test
    void every_invalid_field_is_reported_at_once() {
        String body = json("{'user_id':'','session_id':'s1','episodes':[{'content':''},{'content':'ok',"
                + "'timestamp':'soon'},{'id':'a b','content':'ok','metadata':{'k':null}}]}");

        given().contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .body(
                        "errors.field",
                        containsInAnyOrder(
                                "user_id",
                                "episodes[0].content",
                                "episodes[1].timestamp",
                                "episodes[2].id",
                                "episodes[2].metadata.k"));
    }

    @Test
    void malformed_json_is_a_400_saying_so() {
        given().contentType(ContentType.JSON)
                .body("{\"user_id\": \"u1\", \"episodes\": [")
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .contentType(PROBLEM_JSON)
                .body("title", equalTo("Malformed JSON"))
                .body("detail", containsString("not valid JSON"));
    }

    @Test
    void modes_of_later_versions_are_rejected_naming_the_supported_ones() {
        given().contentType(ContentType.JSON)
                .body(json("{'user_id':'u1','query':'q','mode':'chain'}"))
                .post("/v1/memories/search")
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("mode"))
                .body("errors[0].message", containsString("supported modes: auto, direct"));
    }

    @Test
    void a_body_that_is_not_json_is_a_415_problem() {
        expectProblem(given().contentType(ContentType.TEXT).body("hello").post("/v1/memories"), 415);
    }

    /**
     * Sent over a raw socket: the gateway answers from the Content-Length header alone and closes the
     * connection, so a client still streaming 48 MB could fail on write before reading the answer.
     */
    @Test
    void a_body_over_the_size_limit_is_a_413_problem() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            String head = "POST /v1/memories HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + (48L * 1024 * 1024 + 1) + "\r\n\r\n{";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(response)
                    .startsWith("HTTP/1.1 413")
                    .containsIgnoringCase("content-type: application/problem+json")
                    .contains("\"status\":413");
        }
    }

    @Test
    void an_unknown_path_is_a_404_problem() {
        expectProblem(given().get("/v1/nothing-here"), 404);
    }

    @Test
    void a_wrong_method_is_a_405_problem() {
        expectProblem(given().delete("/v1/memories/search"), 405);
    }

    private static ValidatableResponse expectProblem(io.restassured.response.Response response, int status) {
        return response.then()
                .statusCode(status)
                .contentType(PROBLEM_JSON)
                .body("status", equalTo(status))
                .body("title", notNullValue());
    }

    private static Arguments add(String name, String body, String field) {
        return Arguments.of(name, "POST", "/v1/memories", json(body), field);
    }

    private static Arguments addEpisodes(String name, String episodes, String field) {
        return add(name, "{'user_id':'u1','session_id':'s1','episodes':[" + episodes + "]}", field);
    }

    private static Arguments search(String name, String body, String field) {
        return Arguments.of(name, "POST", "/v1/memories/search", json(body), field);
    }

    private static String batchOf(int episodes) {
        return "{'user_id':'u1','session_id':'s1','episodes':[" + "{'content':'hi'},".repeat(episodes - 1)
                + "{'content':'hi'}]}";
    }

    /** Single quotes keep the table readable; none of the inputs needs a literal one. */
    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }
}
