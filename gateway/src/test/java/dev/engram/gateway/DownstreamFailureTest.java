package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.gateway.fake.FakeRetrievalService;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Failures of the services behind the gateway become problem documents that leak nothing. */
@QuarkusTest
@WithTestResource(FakeDownstream.class)
class DownstreamFailureTest {

    private static final Map<String, Object> ADD =
            Map.of("user_id", "u1", "session_id", "s1", "episodes", List.of(Map.of("id", "e1", "content", "hi")));
    private static final Map<String, Object> SEARCH = Map.of("user_id", "u1", "query", "q");

    FakeIngestService ingest;
    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        ingest.reset();
        retrieval.reset();
    }

    @Test
    void unavailable_ingest_is_a_503_with_a_retry_hint() {
        ingest.failWith(Status.UNAVAILABLE.withDescription("connection refused"));

        given().contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "2")
                .body("status", equalTo(503))
                .body("title", equalTo("Service Unavailable"));
    }

    @Test
    void a_search_past_its_deadline_is_a_503() {
        retrieval.failWith(Status.DEADLINE_EXCEEDED);

        given().contentType(ContentType.JSON)
                .body(SEARCH)
                .post("/v1/memories/search")
                .then()
                .statusCode(503)
                .contentType("application/problem+json");
    }

    @Test
    void unavailable_retrieval_is_retried_once_before_answering_503() {
        retrieval.failWith(Status.UNAVAILABLE);

        given().contentType(ContentType.JSON)
                .body(SEARCH)
                .post("/v1/memories/search")
                .then()
                .statusCode(503);

        assertThat(retrieval.requests).hasSize(2);
    }

    @Test
    void a_status_call_is_cut_off_at_its_deadline() {
        ingest.delayStatus(Duration.ofSeconds(4));

        long started = System.nanoTime();
        given().queryParam("user_id", "u1").get("/v1/memories/status").then().statusCode(503);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void a_downstream_invalid_argument_is_a_400_naming_the_field() {
        ingest.failWith(Status.INVALID_ARGUMENT.withDescription("episodes[0].content: too long for the store"));

        given().contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("episodes[0].content"))
                .body("errors[0].message", equalTo("too long for the store"));
    }

    @Test
    void every_violation_of_a_downstream_bad_request_detail_is_listed() {
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage("episodes[0].content: too long; episodes[1].producer: unknown producer")
                .addDetails(Any.pack(BadRequest.newBuilder()
                        .addFieldViolations(violation("episodes[0].content", "too long; split it"))
                        .addFieldViolations(violation("episodes[1].producer", "unknown producer"))
                        .build()))
                .build();
        ingest.failWith(StatusProto.toStatusRuntimeException(status));

        given().contentType(ContentType.JSON)
                .body(ADD)
                .post("/v1/memories")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", contains("episodes[0].content", "episodes[1].producer"))
                .body("errors.message", contains("too long; split it", "unknown producer"));
    }

    @Test
    void a_search_rejected_with_a_bad_request_detail_is_a_400_naming_the_fields() {
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage("query: unsupported; top_k: too large")
                .addDetails(Any.pack(BadRequest.newBuilder()
                        .addFieldViolations(violation("query", "unsupported"))
                        .addFieldViolations(violation("top_k", "too large"))
                        .build()))
                .build();
        retrieval.failWith(StatusProto.toStatusRuntimeException(status));

        given().contentType(ContentType.JSON)
                .body(SEARCH)
                .post("/v1/memories/search")
                .then()
                .statusCode(400)
                .body("errors.field", contains("query", "top_k"));
    }

    private static BadRequest.FieldViolation violation(String field, String description) {
        return BadRequest.FieldViolation.newBuilder()
                .setField(field)
                .setDescription(description)
                .build();
    }

    @Test
    void an_internal_downstream_failure_is_a_502_that_keeps_internals_to_itself() {
        ingest.failWith(Status.INTERNAL.withDescription("org.postgresql.util.PSQLException: relation missing"));

        given().queryParam("user_id", "u1")
                .get("/v1/memories/status")
                .then()
                .statusCode(502)
                .contentType("application/problem+json")
                .body(not(containsString("PSQLException")));
    }
}
