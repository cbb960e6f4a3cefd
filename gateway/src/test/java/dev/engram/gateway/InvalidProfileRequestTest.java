package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.gateway.fake.FakeProfileService;
import dev.engram.gateway.fake.FakeRetrievalService;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
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

/** Bad input to the profile endpoints is a 4xx naming the field, and profile-service hears nothing of it. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class InvalidProfileRequestTest {

    private static final String ID = "3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d";
    private static final String ENTRY = "/v1/users/caroline/profile/" + ID;
    private static final String VALID = "'subject':'Caroline','tag':'work','feature':'occupation','value':'counselor'";

    FakeProfileService profile;
    FakeIngestService ingest;
    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        profile.reset();
        ingest.reset();
        retrieval.reset();
    }

    @AfterEach
    void nothingWasSentDownstream() {
        assertThat(profile.calls()).isZero();
        assertThat(ingest.calls()).isZero();
        assertThat(retrieval.requests).isEmpty();
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
                put("entry_id not a UUID", "/v1/users/caroline/profile/not-a-uuid", "{" + VALID + "}", "entry_id"),
                put("entry_id a short UUID", "/v1/users/caroline/profile/1-2-3-4-5", "{" + VALID + "}", "entry_id"),
                delete("delete with entry_id not a UUID", "/v1/users/caroline/profile/42", "entry_id"),
                put("user_id with a space", "/v1/users/caro%20line/profile/" + ID, "{" + VALID + "}", "user_id"),
                delete(
                        "delete with user_id of 129 characters",
                        "/v1/users/" + "u".repeat(129) + "/profile/" + ID,
                        "user_id"),
                entry("missing subject", "{'tag':'work','feature':'occupation','value':'counselor'}", "subject"),
                entry("blank subject", "{" + VALID.replace("'Caroline'", "'  '") + "}", "subject"),
                entry("empty tag", "{" + VALID.replace("'work'", "''") + "}", "tag"),
                entry("missing feature", "{'subject':'Caroline','tag':'work','value':'counselor'}", "feature"),
                entry("blank value", "{" + VALID.replace("'counselor'", "' \\n '") + "}", "value"),
                entry("null value", "{" + VALID.replace("'counselor'", "null") + "}", "value"),
                entry("blank category", "{" + VALID + ",'category':' '}", "category"),
                entry("empty category", "{" + VALID + ",'category':''}", "category"),
                entry(
                        "value over 1000 characters",
                        "{" + VALID.replace("'counselor'", "'" + "v".repeat(1001) + "'") + "}",
                        "value"),
                entry(
                        "subject over 200 characters",
                        "{" + VALID.replace("'Caroline'", "'" + "s".repeat(201) + "'") + "}",
                        "subject"),
                entry(
                        "feature over 200 characters in code points, not in chars",
                        "{" + VALID.replace("'occupation'", "'" + "\\ud83d\\ude00".repeat(201) + "'") + "}",
                        "feature"),
                entry("NUL in subject", "{" + VALID.replace("'Caroline'", "'Caro\\u0000line'") + "}", "subject"),
                entry("lone surrogate in value", "{" + VALID.replace("'counselor'", "'a\\ud800b'") + "}", "value"),
                entry("value a number", "{" + VALID.replace("'counselor'", "42") + "}", "value"),
                entry("tag an array", "{" + VALID.replace("'work'", "['work']") + "}", "tag"),
                entry("confidence 2", "{" + VALID + ",'confidence':2}", "confidence"),
                entry("confidence negative", "{" + VALID + ",'confidence':-0.1}", "confidence"),
                entry("confidence 0, which would be stored as 1", "{" + VALID + ",'confidence':0}", "confidence"),
                entry("confidence too small for a float", "{" + VALID + ",'confidence':1e-50}", "confidence"),
                entry("confidence a word", "{" + VALID + ",'confidence':'high'}", "confidence"),
                entry("confidence a number in a string", "{" + VALID + ",'confidence':'0.5'}", "confidence"),
                entry("confidence a boolean", "{" + VALID + ",'confidence':true}", "confidence"),
                entry("unknown field", "{" + VALID + ",'colour':'blue'}", "colour"),
                entry("misspelt field", "{" + VALID + ",'valid_form':'2023-05-08T13:56:00Z'}", "valid_form"),
                entry("valid_to, which only the service sets", "{" + VALID + ",'valid_to':null}", "valid_to"),
                entry("valid_from not a timestamp", "{" + VALID + ",'valid_from':'last spring'}", "valid_from"),
                entry("valid_from without offset", "{" + VALID + ",'valid_from':'2023-05-08T13:56:00'}", "valid_from"),
                entry("valid_from a number", "{" + VALID + ",'valid_from':1683554160}", "valid_from"),
                entry("evidence with a bad id", "{" + VALID + ",'evidence':['D1:3','D 4']}", "evidence[1]"),
                entry("evidence with null", "{" + VALID + ",'evidence':[null]}", "evidence[0]"),
                entry("evidence a string", "{" + VALID + ",'evidence':'D1:3'}", "evidence"),
                entry("evidence of 101 ids", "{" + VALID + ",'evidence':[" + ids(101) + "]}", "evidence"),
                entry("empty body", "", "body"),
                entry("body an array", "[{" + VALID + "}]", "body"),
                read("profile with user_id of 129 characters", "/v1/users/" + "u".repeat(129) + "/profile", "user_id"),
                read("profile with a bad user_id", "/v1/users/caro%20line/profile", "user_id"),
                read("at a word", "/v1/users/caroline/profile?at=yesterday", "at"),
                read("at blank", "/v1/users/caroline/profile?at=%20", "at"),
                read("at an impossible date", "/v1/users/caroline/profile?at=2023-13-01", "at"),
                read("at without offset", "/v1/users/caroline/profile?at=2023-06-01T00:00:00", "at"),
                read("at after the year 9999", "/v1/users/caroline/profile?at=%2B10000-01-01T00:00:00Z", "at"),
                read("limit zero", "/v1/users/caroline/profile?limit=0", "limit"),
                read("limit over 1000", "/v1/users/caroline/profile?limit=1001", "limit"),
                read("limit a word", "/v1/users/caroline/profile?limit=all", "limit"),
                read("blank subject", "/v1/users/caroline/profile?subject=%20%20", "subject"),
                read("history with a bad user_id", "/v1/users/caro%20line/profile/history", "user_id"),
                read("history with a blank tag", "/v1/users/caroline/profile/history?tag=%20", "tag"),
                read(
                        "history with a feature over 200 characters",
                        "/v1/users/caroline/profile/history?feature=" + "f".repeat(201),
                        "feature"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void bad_input_is_a_400_problem_naming_the_field(
            String name, String method, String path, String body, String field) {
        RequestSpecification request = given().urlEncodingEnabled(false);
        if (body != null) {
            request.contentType(ContentType.JSON).body(body);
        }
        request.request(method, path)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("title", notNullValue())
                .body("detail", notNullValue())
                .body("errors.field", hasItem(field));
    }

    @Test
    void every_invalid_field_of_an_edit_is_reported_at_once() {
        given().contentType(ContentType.JSON)
                .body(json("{'subject':'','tag':'work','feature':'occupation','value':'counselor','confidence':2,"
                        + "'valid_from':'soon','evidence':['a b']}"))
                .put("/v1/users/caro%20line/profile/nope")
                .then()
                .statusCode(400)
                .body(
                        "errors.field",
                        containsInAnyOrder(
                                "user_id", "entry_id", "subject", "confidence", "valid_from", "evidence[0]"));
    }

    @Test
    void an_unknown_field_and_a_wrong_type_are_told_apart() {
        given().contentType(ContentType.JSON)
                .body(json("{" + VALID + ",'colour':'blue'}"))
                .put(ENTRY)
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("colour"))
                .body("errors[0].message", equalTo("is not a known field"));
        given().contentType(ContentType.JSON)
                .body(json("{" + VALID + ",'confidence':'high'}"))
                .put(ENTRY)
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("confidence"))
                .body("errors[0].message", equalTo("must be a number"));
    }

    @Test
    void an_edit_body_over_64_kib_is_a_413_problem() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            String head = "PUT " + ENTRY + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + (64 * 1024 + 1) + "\r\n\r\n{";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(response)
                    .startsWith("HTTP/1.1 413")
                    .containsIgnoringCase("content-type: application/problem+json");
        }
    }

    /**
     * A client that writes the whole body before it reads, as most do: the gateway answers from the Content-Length
     * header at once, and must not close the connection while the body is still arriving, since a close with unread
     * data resets the connection and the client may lose the answer.
     */
    @Test
    void an_edit_body_over_64_kib_sent_whole_before_reading_gets_its_413() throws IOException {
        byte[] body = json("{" + VALID + ",'padding':'" + "x".repeat(64 * 1024) + "'}")
                .getBytes(StandardCharsets.UTF_8);
        for (int attempt = 0; attempt < 20; attempt++) {
            try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
                socket.setSoTimeout(10_000);
                String head = "PUT " + ENTRY + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + body.length + "\r\n\r\n";
                socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().write(body);
                socket.getOutputStream().flush();
                String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

                assertThat(response).as("attempt %d", attempt).startsWith("HTTP/1.1 413");
            }
        }
    }

    @Test
    void an_edit_body_over_64_kib_sent_in_chunks_is_a_413_however_it_is_split() throws IOException {
        String padding = "x".repeat(64 * 1024);
        String body = json("{" + VALID + ",'padding':'" + padding + "'}");
        for (int chunkSize : new int[] {body.length(), 64 * 1024, 8 * 1024, 512}) {
            try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
                socket.setSoTimeout(10_000);
                StringBuilder request = new StringBuilder("PUT " + ENTRY + " HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
                for (int from = 0; from < body.length(); from += chunkSize) {
                    String chunk = body.substring(from, Math.min(body.length(), from + chunkSize));
                    request.append(Integer.toHexString(chunk.length()))
                            .append("\r\n")
                            .append(chunk)
                            .append("\r\n");
                }
                request.append("0\r\n\r\n");
                try {
                    socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                } catch (IOException closedEarly) {
                    // The server may answer and close before the whole body is written; its answer still counts.
                }
                String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

                assertThat(response).as("in chunks of %d", chunkSize).startsWith("HTTP/1.1 413");
            }
        }
    }

    private static Arguments put(String name, String path, String body, String field) {
        return Arguments.of(name, "PUT", path, json(body), field);
    }

    private static Arguments entry(String name, String body, String field) {
        return put(name, ENTRY, body, field);
    }

    private static Arguments delete(String name, String path, String field) {
        return Arguments.of(name, "DELETE", path, null, field);
    }

    private static Arguments read(String name, String pathAndQuery, String field) {
        return Arguments.of(name, "GET", pathAndQuery, null, field);
    }

    private static String ids(int count) {
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < count; i++) {
            ids.append(i == 0 ? "" : ",").append("'e").append(i).append("'");
        }
        return ids.toString();
    }

    /** Single quotes keep the table readable; none of the inputs needs a literal one. */
    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }
}
