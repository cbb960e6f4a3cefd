package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
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
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;
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
                        "agent_id given empty",
                        "{'user_id':'u1','agent_id':'','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "agent_id"),
                addEpisodes("episode id given empty", "{'id':'','content':'hi'}", "episodes[0].id"),
                addEpisodes("episode id a dot segment", "{'id':'..','content':'hi'}", "episodes[0].id"),
                add(
                        "user_id a dot segment",
                        "{'user_id':'.','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "user_id"),
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
                addEpisodes("producer over 256 characters", label("producer", 257), "episodes[0].producer"),
                addEpisodes("produced_for over 256 characters", label("produced_for", 257), "episodes[0].produced_for"),
                addEpisodes("role over 256 characters", label("role", 257), "episodes[0].role"),
                addEpisodes(
                        "metadata with 65 entries",
                        "{'content':'hi','metadata':" + metadata(65) + "}",
                        "episodes[0].metadata"),
                addEpisodes(
                        "metadata key over 128 characters",
                        "{'content':'hi','metadata':{'" + "k".repeat(129) + "':'v'}}",
                        "episodes[0].metadata"),
                addEpisodes("metadata key empty", "{'content':'hi','metadata':{'':'v'}}", "episodes[0].metadata"),
                addEpisodes(
                        "metadata value over 2048 characters",
                        "{'content':'hi','metadata':{'k':'" + "v".repeat(2049) + "'}}",
                        "episodes[0].metadata.k"),
                addEpisodes("NUL in content", "{'content':'a\\u0000b'}", "episodes[0].content"),
                addEpisodes("NUL in producer", "{'content':'hi','producer':'a\\u0000'}", "episodes[0].producer"),
                addEpisodes(
                        "NUL in produced_for", "{'content':'hi','produced_for':'\\u0000'}", "episodes[0].produced_for"),
                addEpisodes("NUL in role", "{'content':'hi','role':'user\\u0000'}", "episodes[0].role"),
                addEpisodes(
                        "NUL in a metadata key",
                        "{'content':'hi','metadata':{'k\\u0000':'v'}}",
                        "episodes[0].metadata"),
                addEpisodes(
                        "NUL in a metadata value",
                        "{'content':'hi','metadata':{'k':'v\\u0000'}}",
                        "episodes[0].metadata.k"),
                addEpisodes("NUL in an episode id", "{'content':'hi','id':'e\\u0000'}", "episodes[0].id"),
                add(
                        "NUL in user_id",
                        "{'user_id':'u\\u0000','session_id':'s1','episodes':[{'content':'hi'}]}",
                        "user_id"),
                addEpisodes("lone high surrogate in content", "{'content':'a\\ud800b'}", "episodes[0].content"),
                addEpisodes(
                        "lone low surrogate at the end of content", "{'content':'ab\\udc00'}", "episodes[0].content"),
                addEpisodes(
                        "lone surrogate in producer", "{'content':'hi','producer':'\\ud83d'}", "episodes[0].producer"),
                addEpisodes(
                        "lone surrogate in a metadata value",
                        "{'content':'hi','metadata':{'k':'\\udfff'}}",
                        "episodes[0].metadata.k"),
                add("user_id a number", "{'user_id':42,'session_id':'s1','episodes':[{'content':'hi'}]}", "user_id"),
                add("episodes an object", "{'user_id':'u1','session_id':'s1','episodes':{'content':'hi'}}", "episodes"),
                addEpisodes("content an array", "{'content':['hi']}", "episodes[0].content"),
                addEpisodes(
                        "an episode's text under a field the API does not have", "{'text':'hi'}", "episodes[0].text"),
                add(
                        "an unknown top-level field in an add",
                        "{'user_id':'u1','session_id':'s1','userId':'u2','episodes':[{'content':'hi'}]}",
                        "userId"),
                add("body an array", "[{'user_id':'u1'}]", "body"),
                add("empty body", "", "body"),
                search("missing query", "{'user_id':'u1'}", "query"),
                search("empty query", "{'user_id':'u1','query':''}", "query"),
                search("agent_id given empty", "{'user_id':'u1','agent_id':'','query':'q'}", "agent_id"),
                search("session_id given empty", "{'user_id':'u1','session_id':'','query':'q'}", "session_id"),
                search("query over 4000 characters", "{'user_id':'u1','query':'" + "q".repeat(4001) + "'}", "query"),
                search("NUL in query", "{'user_id':'u1','query':'q\\u0000'}", "query"),
                search("lone surrogate in query", "{'user_id':'u1','query':'q\\ud800'}", "query"),
                search("missing user_id in search", "{'query':'q'}", "user_id"),
                search("bad session_id in search", "{'user_id':'u1','query':'q','session_id':'s 1'}", "session_id"),
                search("top_k zero", "{'user_id':'u1','query':'q','top_k':0}", "top_k"),
                search("top_k over 100", "{'user_id':'u1','query':'q','top_k':101}", "top_k"),
                search("top_k a string", "{'user_id':'u1','query':'q','top_k':'5'}", "top_k"),
                search("top_k a fraction", "{'user_id':'u1','query':'q','top_k':5.5}", "top_k"),
                search("top_k beyond int", "{'user_id':'u1','query':'q','top_k':99999999999}", "top_k"),
                search("mode a number", "{'user_id':'u1','query':'q','mode':7}", "mode"),
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
                        "unknown neighbours",
                        "{'user_id':'u1','query':'q','expand_context':{'neighbours':'some'}}",
                        "expand_context.neighbours"),
                search(
                        "unknown context",
                        "{'user_id':'u1','query':'q','expand_context':{'by':'topic'}}",
                        "expand_context.by"),
                search(
                        "neighbours in capitals",
                        "{'user_id':'u1','query':'q','expand_context':{'neighbours':'ALL'}}",
                        "expand_context.neighbours"),
                search(
                        "neighbours a number",
                        "{'user_id':'u1','query':'q','expand_context':{'neighbours':2}}",
                        "expand_context.neighbours"),
                search(
                        "max_context_tokens zero",
                        "{'user_id':'u1','query':'q','max_context_tokens':0}",
                        "max_context_tokens"),
                search("min_relevance over 1", "{'user_id':'u1','query':'q','min_relevance':1.5}", "min_relevance"),
                search("min_relevance below 0", "{'user_id':'u1','query':'q','min_relevance':-0.01}", "min_relevance"),
                search("min_relevance a word", "{'user_id':'u1','query':'q','min_relevance':'high'}", "min_relevance"),
                search(
                        "max_context_tokens over 32000",
                        "{'user_id':'u1','query':'q','max_context_tokens':32001}",
                        "max_context_tokens"),
                search("unknown include", "{'user_id':'u1','query':'q','include':['episodic','memes']}", "include[1]"),
                search(
                        "top_k in camel case, which would search with the default",
                        "{'user_id':'u1','query':'q','topK':3}",
                        "topK"),
                search(
                        "an unknown field of expand_context",
                        "{'user_id':'u1','query':'q','expand_context':{'before':1,'window':3}}",
                        "expand_context.window"),
                search(
                        "a misspelt filter field, which would widen the search",
                        "{'user_id':'u1','query':'q','filter':{'session_id':'s1'}}",
                        "filter.session_id"),
                search(
                        "an unknown filter field nested deep",
                        "{'user_id':'u1','query':'q','filter':" + "{'a':".repeat(64) + "1" + "}".repeat(64) + "}",
                        "filter.a"),
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
                search("null include", "{'user_id':'u1','query':'q','include':[null]}", "include[0]"),
                search("null reranker", "{'user_id':'u1','query':'q','rerankers':[null]}", "rerankers[0]"),
                search("reranker name with spaces", "{'user_id':'u1','query':'q','rerankers':['a b']}", "rerankers[0]"),
                search(
                        "too many rerankers",
                        "{'user_id':'u1','query':'q','rerankers':['a','b','c','d','e','f','g','h','i']}",
                        "rerankers"),
                search(
                        "null filter session id",
                        "{'user_id':'u1','query':'q','filter':{'session_ids':[null]}}",
                        "filter.session_ids[0]"),
                search(
                        "null filter producer",
                        "{'user_id':'u1','query':'q','filter':{'producers':['p',null]}}",
                        "filter.producers[1]"),
                search(
                        "filter producer over 256 characters",
                        "{'user_id':'u1','query':'q','filter':{'producers':['" + "p".repeat(257) + "']}}",
                        "filter.producers[0]"),
                search(
                        "NUL in a filter producer",
                        "{'user_id':'u1','query':'q','filter':{'producers':['p\\u0000']}}",
                        "filter.producers[0]"),
                search(
                        "filter metadata with 65 entries",
                        "{'user_id':'u1','query':'q','filter':{'metadata':" + metadata(65) + "}}",
                        "filter.metadata"),
                search(
                        "filter metadata value over 2048 characters",
                        "{'user_id':'u1','query':'q','filter':{'metadata':{'k':'" + "v".repeat(2049) + "'}}}",
                        "filter.metadata.k"),
                search(
                        "NUL in a filter metadata value",
                        "{'user_id':'u1','query':'q','filter':{'metadata':{'k':'\\u0000'}}}",
                        "filter.metadata.k"),
                Arguments.of("status with NUL in user_id", "GET", "/v1/memories/status?user_id=u%00", null, "user_id"),
                Arguments.of("status without user_id", "GET", "/v1/memories/status", null, "user_id"),
                Arguments.of("status with bad user_id", "GET", "/v1/memories/status?user_id=a%20b", null, "user_id"),
                shortTerm("short-term without user_id", "/v1/sessions/s1/short-term", "user_id"),
                shortTerm("short-term with empty user_id", "/v1/sessions/s1/short-term?user_id=", "user_id"),
                shortTerm("short-term with bad user_id", "/v1/sessions/s1/short-term?user_id=a%20b", "user_id"),
                shortTerm("short-term with bad session_id", "/v1/sessions/s%201/short-term?user_id=u1", "session_id"),
                shortTerm(
                        "short-term with session_id over 128 characters",
                        "/v1/sessions/" + "s".repeat(129) + "/short-term?user_id=u1",
                        "session_id"),
                shortTerm(
                        "short-term with bad agent_id",
                        "/v1/sessions/conv-26/session_1/short-term?user_id=u1&agent_id=a%23b",
                        "agent_id"));
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
    void text_that_cannot_be_stored_verbatim_is_rejected_saying_why() {
        given().contentType(ContentType.JSON)
                .body(json("{'user_id':'u1','session_id':'s1','episodes':[{'content':'a\\u0000b'},"
                        + "{'content':'a\\ud800b'},{'content':'ok','metadata':{'\\u0000':'v'}}]}"))
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .body("errors.field", contains("episodes[0].content", "episodes[1].content", "episodes[2].metadata"))
                .body(
                        "errors.message",
                        contains(
                                equalTo("must not contain the NUL character"),
                                containsString("must be valid Unicode"),
                                equalTo("keys must not contain the NUL character")));
    }

    /** Bound to a record, a field given twice made Jackson fail with a 500 before any check could run. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fieldsGivenTwice")
    void a_field_given_twice_is_a_400_naming_it(String method, String path, String body, String field) {
        given().contentType(ContentType.JSON)
                .body(json(body))
                .request(method, path)
                .then()
                .statusCode(400)
                .contentType(PROBLEM_JSON)
                .body("errors.field", contains(field))
                .body("errors.message", contains("is given more than once"));
    }

    static Stream<Arguments> fieldsGivenTwice() {
        return Stream.of(
                Arguments.of("POST", "/v1/admin/reindex", "{'project':'\\ud800','project':'default'}", "project"),
                Arguments.of(
                        "POST",
                        "/v1/memories",
                        "{'user_id':'u1','session_id':'s1','episodes':[{'content':'a'},{'content':'b','content':'c'}]}",
                        "episodes[1].content"),
                Arguments.of("POST", "/v1/memories/search", "{'user_id':'u1','user_id':'u2','query':'q'}", "user_id"),
                Arguments.of(
                        "POST",
                        "/v1/memories/search",
                        "{'user_id':'u1','query':'q','filter':{'metadata':{'k':'a','k':'b'}}}",
                        "filter.metadata.k"));
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
    void unknown_modes_are_rejected_naming_the_supported_ones() {
        given().contentType(ContentType.JSON)
                .body(json("{'user_id':'u1','query':'q','mode':'tree'}"))
                .post("/v1/memories/search")
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("mode"))
                .body(
                        "errors[0].message",
                        equalTo("must be one of auto, direct, split, chain, graph, segtree, reconstruct (was 'tree')"));
    }

    @Test
    void a_body_that_is_not_json_is_a_415_problem() {
        expectProblem(given().contentType(ContentType.TEXT).body("hello").post("/v1/memories"), 415);
    }

    /** A client still streaming 48 MB could fail on write before reading the answer: see answerToDeclaredLength. */
    @Test
    void a_body_over_the_size_limit_is_a_413_problem() throws IOException {
        assertThat(answerToDeclaredLength("/v1/memories", 48L * 1024 * 1024 + 1))
                .startsWith("HTTP/1.1 413")
                .containsIgnoringCase("content-type: application/problem+json")
                .contains("\"status\":413");
    }

    /** Search bodies are parsed on the event loop, so they get a limit of their own, far below the 48 MB. */
    @Test
    void a_search_body_over_one_mebibyte_is_a_413_problem() throws IOException {
        assertThat(answerToDeclaredLength("/v1/memories/search", 1024 * 1024 + 1))
                .startsWith("HTTP/1.1 413")
                .containsIgnoringCase("content-type: application/problem+json")
                .contains("\"status\":413");
    }

    @Test
    void a_chunked_search_body_over_one_mebibyte_is_a_413() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/memories/search HTTP/1.1\r\nHost: localhost\r\n"
                            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String chunk = "{\"user_id\":\"u1\",\"query\":\"" + "q".repeat(1024 * 1024) + "\"}";
            try {
                out.write((Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n0\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException closedEarly) {
                // The server may answer and close before the whole body is written; its answer still counts.
            }
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(response).startsWith("HTTP/1.1 413");
        }
    }

    @Test
    void a_search_body_under_its_limit_is_read() {
        given().contentType(ContentType.JSON)
                .body(json("{'user_id':'u1','query':'" + "q".repeat(900 * 1024) + "'}"))
                .post("/v1/memories/search")
                .then()
                .statusCode(400)
                .body("errors.field", contains("query"));
    }

    /**
     * Sent over a raw socket with only the head and one byte of the body: the gateway answers from the
     * Content-Length header alone and closes the connection.
     */
    private static String answerToDeclaredLength(String path, long contentLength) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + contentLength + "\r\n\r\n{";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
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

    private static Arguments shortTerm(String name, String pathAndQuery, String field) {
        return Arguments.of(name, "GET", pathAndQuery, null, field);
    }

    private static String label(String field, int chars) {
        return "{'content':'hi','" + field + "':'" + "x".repeat(chars) + "'}";
    }

    private static String metadata(int entries) {
        StringJoiner map = new StringJoiner(",", "{", "}");
        for (int i = 0; i < entries; i++) {
            map.add("'k" + i + "':'v'");
        }
        return map.toString();
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
