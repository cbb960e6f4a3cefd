package dev.engram.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.gateway.fake.FakeProfileService;
import dev.engram.gateway.fake.FakeRetrievalService;
import dev.engram.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed and hostile requests, with authentication on as in production: every one is refused with a 4xx
 * problem document, and none reaches a service behind the gateway, so nothing can have been stored.
 */
@QuarkusTest
@TestProfile(AuthOn.class)
@WithTestResource(FakeDownstream.class)
@WithTestResource(PostgresTestResource.class)
class HostileRequestsTest {

    private static String key;
    private static final List<String> REFUSED = new ArrayList<>();

    FakeIngestService ingest;
    FakeRetrievalService retrieval;
    FakeProfileService profile;

    @BeforeEach
    void keyAndCleanSlate() {
        if (key == null) {
            key = Keys.newKey(Keys.newProject("hostile"), "read", "write");
        }
        ingest.reset();
        retrieval.reset();
        profile.reset();
    }

    @AfterAll
    static void report() {
        System.out.printf(
                "HostileRequestsTest: %d malformed or hostile requests, all refused with a 4xx%n", REFUSED.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void is_refused_with_a_4xx_problem_and_reaches_no_service(HostileRequest hostile) {
        RequestSpecification request = given().urlEncodingEnabled(false);
        if (hostile.auth() == Auth.VALID) {
            request.header("Authorization", "Bearer " + key);
        } else if (hostile.auth() == Auth.HEADER) {
            request.header("Authorization", hostile.header());
        }
        if (hostile.body() != null) {
            request.contentType(hostile.contentType()).body(hostile.body());
        }
        Response response = request.request(hostile.method(), hostile.path());

        assertThat(response.statusCode()).as(hostile.name()).isBetween(400, 499);
        assertThat(response.contentType()).as(hostile.name()).startsWith("application/problem+json");
        assertThat(ingest.calls()).as("ingest-service calls").isZero();
        assertThat(retrieval.requests).as("retrieval calls").isEmpty();
        assertThat(profile.calls()).as("profile-service calls").isZero();
        REFUSED.add(hostile.name());
    }

    enum Auth {
        VALID,
        NONE,
        HEADER
    }

    record HostileRequest(
            String name, Auth auth, String header, String method, String path, String contentType, byte[] body) {

        @Override
        public String toString() {
            return name;
        }
    }

    private static HostileRequest post(String name, String path, String json) {
        return new HostileRequest(
                name, Auth.VALID, null, "POST", path, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    private static HostileRequest add(String name, String json) {
        return post(name, "/v1/memories", json);
    }

    private static HostileRequest search(String name, String json) {
        return post(name, "/v1/memories/search", json);
    }

    private static HostileRequest get(String name, String path) {
        return new HostileRequest(name, Auth.VALID, null, "GET", path, null, null);
    }

    private static HostileRequest unauthenticated(String name, String header) {
        return new HostileRequest(
                name,
                header == null ? Auth.NONE : Auth.HEADER,
                header,
                "POST",
                "/v1/memories",
                "application/json",
                episode("\"I adopted a cat.\"").getBytes(StandardCharsets.UTF_8));
    }

    private static String episode(String content) {
        return "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"id\":\"e-1\",\"content\":" + content + "}]}";
    }

    private static String deep(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    static Stream<HostileRequest> requests() {
        String big = "x".repeat(40_000);
        byte[] invalidUtf8 =
                "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"id\":\"e\",\"content\":\"\u0000\"}]}"
                        .getBytes(StandardCharsets.UTF_8);
        byte[] brokenBytes = new byte[invalidUtf8.length + 2];
        System.arraycopy(invalidUtf8, 0, brokenBytes, 0, invalidUtf8.length);
        brokenBytes[invalidUtf8.length - 5] = (byte) 0xC3;
        brokenBytes[invalidUtf8.length - 4] = (byte) 0x28;
        StringBuilder manyEpisodes = new StringBuilder("{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[");
        for (int i = 0; i < 1001; i++) {
            manyEpisodes.append(i == 0 ? "" : ",").append("{\"content\":\"hi\"}");
        }
        manyEpisodes.append("]}");
        StringBuilder manyMetadata = new StringBuilder("{");
        for (int i = 0; i < 65; i++) {
            manyMetadata.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
        }
        manyMetadata.append("}");
        return Stream.of(
                unauthenticated("no Authorization header", null),
                unauthenticated("empty bearer", "Bearer "),
                unauthenticated("basic scheme", "Basic dXNlcjpwYXNz"),
                unauthenticated("sql in the key", "Bearer ' or 1=1 --"),
                unauthenticated("well-formed unknown key", "Bearer egk_0123456789abcdef_" + "A".repeat(43)),
                unauthenticated("key with a newline", "Bearer egk_0123456789abcdef_" + "A".repeat(42) + "%0a"),
                add("body is null", "null"),
                add("body is an array", "[]"),
                add("body is a string", "\"add this\""),
                add("body is a number", "42"),
                add("truncated JSON", "{\"user_id\":\"u\",\"session_id\":"),
                add("trailing garbage", episode("\"hi\"") + "}}"),
                add("user_id is a number", "{\"user_id\":7,\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\"}]}"),
                add(
                        "episodes is an object",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":{\"content\":\"hi\"}}"),
                add("content is an array", episode("[\"hi\"]")),
                add("content is an object", episode("{\"$gt\":\"\"}")),
                add("content is missing", "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"id\":\"e\"}]}"),
                add("content is empty", episode("\"\"")),
                add("content over 32 KiB", episode("\"" + big + "\"")),
                add("content with a NUL", episode("\"a\\u0000b\"")),
                add("content with a lone surrogate", episode("\"a\\ud800b\"")),
                new HostileRequest(
                        "invalid UTF-8 bytes",
                        Auth.VALID,
                        null,
                        "POST",
                        "/v1/memories",
                        "application/json",
                        brokenBytes),
                add("user_id missing", "{\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\"}]}"),
                add("session_id missing", "{\"user_id\":\"u\",\"episodes\":[{\"content\":\"hi\"}]}"),
                add("episodes empty", "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[]}"),
                add("1001 episodes", manyEpisodes.toString()),
                add("user_id of 129 characters", episode("\"hi\"").replace("\"u\"", "\"" + "u".repeat(129) + "\"")),
                add("sql in user_id", episode("\"hi\"").replace("\"u\"", "\"u'; drop table episode;--\"")),
                add("lucene syntax in user_id", episode("\"hi\"").replace("\"u\"", "\"u* OR user_id:*\"")),
                add("newline in session_id", episode("\"hi\"").replace("\"s\"", "\"s\\nx\"")),
                add("sql in an episode id", episode("\"hi\"").replace("\"e-1\"", "\"e' or '1'='1\"")),
                add("unicode in user_id", episode("\"hi\"").replace("\"u\"", "\"ü\"")),
                add(
                        "timestamp that is not one",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"timestamp\":\"yesterday\"}]}"),
                add(
                        "timestamp beyond year 9999",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"timestamp\":\"+10000-01-01T00:00:00Z\"}]}"),
                add(
                        "metadata value is a number",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"metadata\":{\"k\":1}}]}"),
                add(
                        "65 metadata entries",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"metadata\":"
                                + manyMetadata + "}]}"),
                add(
                        "deeply nested metadata",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"metadata\":"
                                + deep(5000) + "}]}"),
                add("deeply nested body", deep(100_000)),
                add(
                        "producer of 300 characters",
                        "{\"user_id\":\"u\",\"session_id\":\"s\",\"episodes\":[{\"content\":\"hi\",\"producer\":\""
                                + "p".repeat(300) + "\"}]}"),
                search("query missing", "{\"user_id\":\"u\"}"),
                search("query empty", "{\"user_id\":\"u\",\"query\":\"\"}"),
                search("query of 5000 characters", "{\"user_id\":\"u\",\"query\":\"" + "q".repeat(5000) + "\"}"),
                search("top_k negative", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":-1}"),
                search("top_k zero", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":0}"),
                search("top_k 101", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":101}"),
                search("top_k beyond int", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":99999999999999}"),
                search("top_k a string", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":\"10\"}"),
                search("top_k a fraction", "{\"user_id\":\"u\",\"query\":\"q\",\"top_k\":2.5}"),
                search(
                        "expand_context negative",
                        "{\"user_id\":\"u\",\"query\":\"q\",\"expand_context\":{\"before\":-1,\"after\":2}}"),
                search("max_context_tokens negative", "{\"user_id\":\"u\",\"query\":\"q\",\"max_context_tokens\":-5}"),
                search("unknown mode", "{\"user_id\":\"u\",\"query\":\"q\",\"mode\":\"drop table\"}"),
                search("include is a string", "{\"user_id\":\"u\",\"query\":\"q\",\"include\":\"profile\"}"),
                search(
                        "filter from is not a time",
                        "{\"user_id\":\"u\",\"query\":\"q\",\"filter\":{\"from\":\"1' or 1=1\"}}"),
                search("sql in user_id of a search", "{\"user_id\":\"x' union select *--\",\"query\":\"q\"}"),
                get("status without user_id", "/v1/memories/status"),
                get("status with a wildcard user", "/v1/memories/status?user_id=*"),
                get("listing with a negative limit", "/v1/memories/episodes?user_id=u&limit=-1"),
                get("listing with a forged cursor", "/v1/memories/episodes?user_id=u&cursor=%27%3B--"),
                get("profile with a bad at", "/v1/users/u/profile?at=someday"),
                get("profile of an encoded traversal", "/v1/users/..%2F..%2Fetc/profile"),
                get("episode with a space in its id", "/v1/memories/episodes/a%20b?user_id=u"),
                new HostileRequest(
                        "text/plain body",
                        Auth.VALID,
                        null,
                        "POST",
                        "/v1/memories",
                        "text/plain",
                        "user_id=u".getBytes(StandardCharsets.UTF_8)),
                new HostileRequest("wrong method", Auth.VALID, null, "PUT", "/v1/memories", null, null),
                new HostileRequest(
                        "profile entry with an unknown field",
                        Auth.VALID,
                        null,
                        "PUT",
                        "/v1/users/u/profile/3f2b8c1e-5d4a-4f6b-9c7d-2e1f0a9b8c7d",
                        "application/json",
                        "{\"subject\":\"U\",\"tag\":\"work\",\"feature\":\"job\",\"value\":\"nurse\",\"admin\":true}"
                                .getBytes(StandardCharsets.UTF_8)),
                new HostileRequest(
                        "delete with sql in the session",
                        Auth.VALID,
                        null,
                        "DELETE",
                        "/v1/sessions/s%27%3Bdelete?user_id=u",
                        null,
                        null),
                new HostileRequest(
                        "deleting a user without a key", Auth.NONE, null, "DELETE", "/v1/users/u", null, null));
    }
}
