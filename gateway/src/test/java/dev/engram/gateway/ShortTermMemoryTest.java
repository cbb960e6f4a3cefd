package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import com.google.protobuf.Timestamp;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GetShortTermRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.ShortTermMemory;
import io.grpc.Status;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class ShortTermMemoryTest {

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void a_sessions_short_term_memory_is_read_by_its_id_even_with_a_slash_in_it() {
        ingest.answerShortTerm(ShortTermMemory.newBuilder()
                .setSessionId("conv-26/session_1")
                .setSummary("[2023-05-08] Caroline: I went to a support group.")
                .addEpisodes(Episode.newBuilder()
                        .setId("D1:9")
                        .setScope(Scope.newBuilder()
                                .setProject("default")
                                .setUserId("caroline")
                                .setAgentId("assistant-1")
                                .setSessionId("conv-26/session_1"))
                        .setProducer("Melanie")
                        .setRole("assistant")
                        .setContent("That's wonderful!")
                        .setTimestamp(Timestamp.newBuilder().setSeconds(1_683_554_160))
                        .putMetadata("dia_id", "D1:9"))
                .setSummarizedEpisodes(8)
                .build());

        JsonPath body = given().queryParam("user_id", "caroline")
                .queryParam("agent_id", "assistant-1")
                .get("/v1/sessions/conv-26/session_1/short-term")
                .then()
                .statusCode(200)
                .body("session_id", equalTo("conv-26/session_1"))
                .body("summary", equalTo("[2023-05-08] Caroline: I went to a support group."))
                .body("summarized_episodes", equalTo(8))
                .body("episodes.id", contains("D1:9"))
                .extract()
                .jsonPath();

        assertThat(body.getMap("episodes[0]"))
                .containsEntry("session_id", "conv-26/session_1")
                .containsEntry("producer", "Melanie")
                .containsEntry("role", "assistant")
                .containsEntry("content", "That's wonderful!")
                .containsEntry("timestamp", "2023-05-08T13:56:00Z")
                .containsEntry("metadata", Map.of("dia_id", "D1:9"))
                .containsEntry("produced_for", null);
        assertThat(ingest.shortTermRequests)
                .containsExactly(GetShortTermRequest.newBuilder()
                        .setScope(Scope.newBuilder()
                                .setProject("default")
                                .setUserId("caroline")
                                .setAgentId("assistant-1")
                                .setSessionId("conv-26/session_1"))
                        .build());
    }

    @Test
    void an_unknown_session_has_an_empty_short_term_memory() {
        ingest.answerShortTerm(ShortTermMemory.newBuilder().setSessionId("s9").build());

        given().queryParam("user_id", "caroline")
                .get("/v1/sessions/s9/short-term")
                .then()
                .statusCode(200)
                .body("session_id", equalTo("s9"))
                .body("summary", equalTo(""))
                .body("episodes", empty())
                .body("summarized_episodes", equalTo(0));

        assertThat(ingest.shortTermRequests)
                .singleElement()
                .satisfies(
                        request -> assertThat(request.getScope().getAgentId()).isEmpty());
    }

    @Test
    void an_unavailable_ingest_service_is_retried_once_then_a_503() {
        ingest.failWith(Status.UNAVAILABLE);

        given().queryParam("user_id", "caroline")
                .get("/v1/sessions/s1/short-term")
                .then()
                .statusCode(503)
                .header("Retry-After", equalTo("2"));

        assertThat(ingest.shortTermRequests).hasSize(2);
    }
}
