package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import com.google.protobuf.Timestamp;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeIngestService;
import dev.engram.proto.v1.AddEpisodesRequest;
import dev.engram.proto.v1.NewEpisode;
import dev.engram.proto.v1.Scope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class AddMemoriesTest {

    FakeIngestService ingest;

    @BeforeEach
    void reset() {
        ingest.reset();
    }

    @Test
    void labels_and_metadata_at_their_limits_are_accepted_verbatim() {
        String emoji = "\ud83d\ude00";
        String producer = emoji.repeat(256);
        Map<String, String> metadata = IntStream.range(0, 64)
                .boxed()
                .collect(Collectors.toMap(i -> i == 0 ? "k".repeat(128) : "k" + i, i -> "v".repeat(2048)));
        Map<String, Object> body = Map.of(
                "user_id",
                "u1",
                "session_id",
                "s1",
                "episodes",
                List.of(Map.of(
                        "content",
                        "hi " + emoji,
                        "producer",
                        producer,
                        "produced_for",
                        "p".repeat(256),
                        "role",
                        "r".repeat(256),
                        "metadata",
                        metadata)));

        given().contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories")
                .then()
                .statusCode(201);

        NewEpisode sent = ingest.addRequests.get(0).getEpisodes(0);
        assertThat(sent.getProducer()).isEqualTo(producer);
        assertThat(sent.getContent()).isEqualTo("hi " + emoji);
        assertThat(sent.getMetadataMap()).isEqualTo(metadata);
    }

    @Test
    void every_field_reaches_ingest_scoped_to_the_default_project() {
        Map<String, Object> body = Map.of(
                "user_id", "caroline",
                "agent_id", "assistant-1",
                "session_id", "conv-26/session_1",
                "episodes",
                        List.of(Map.of(
                                "id", "conv-26:D1:3",
                                "producer", "Caroline",
                                "produced_for", "Melanie",
                                "role", "user",
                                "content", "I went to a LGBTQ support group yesterday and it was so powerful.",
                                "timestamp", "2023-05-08T15:56:00.250+02:00",
                                "metadata", Map.of("dia_id", "D1:3", "source", "locomo"))));

        given().contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .contentType(ContentType.JSON)
                .body("episodes.id", contains("conv-26:D1:3"))
                .body("episodes.status", contains("created"));

        assertThat(ingest.addRequests).hasSize(1);
        AddEpisodesRequest sent = ingest.addRequests.get(0);
        assertThat(sent.getScope())
                .isEqualTo(Scope.newBuilder()
                        .setProject("default")
                        .setUserId("caroline")
                        .setAgentId("assistant-1")
                        .setSessionId("conv-26/session_1")
                        .build());
        Instant expected = Instant.parse("2023-05-08T13:56:00.250Z");
        assertThat(sent.getEpisodesList())
                .containsExactly(NewEpisode.newBuilder()
                        .setId("conv-26:D1:3")
                        .setProducer("Caroline")
                        .setProducedFor("Melanie")
                        .setRole("user")
                        .setContent("I went to a LGBTQ support group yesterday and it was so powerful.")
                        .setTimestamp(Timestamp.newBuilder()
                                .setSeconds(expected.getEpochSecond())
                                .setNanos(expected.getNano()))
                        .putMetadata("dia_id", "D1:3")
                        .putMetadata("source", "locomo")
                        .build());
    }

    @Test
    void optional_fields_may_be_left_out_and_ingest_names_the_episode() {
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "u1", "session_id", "s1", "episodes", List.of(Map.of("content", "hello"))))
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .body("episodes[0].id", equalTo("generated-1"))
                .body("episodes[0].status", equalTo("created"));

        NewEpisode sent = ingest.addRequests.get(0).getEpisodes(0);
        assertThat(sent.getId()).isEmpty();
        assertThat(sent.hasTimestamp()).isFalse();
        assertThat(sent.getMetadataMap()).isEmpty();
        assertThat(ingest.addRequests.get(0).getScope().getAgentId()).isEmpty();
    }

    @Test
    void re_sent_episode_id_is_reported_as_duplicate_in_request_order() {
        Map<String, Object> first =
                Map.of("user_id", "u1", "session_id", "s1", "episodes", List.of(Map.of("id", "e1", "content", "one")));
        given().contentType(ContentType.JSON)
                .body(first)
                .post("/v1/memories")
                .then()
                .statusCode(201);

        Map<String, Object> again = Map.of(
                "user_id",
                "u1",
                "session_id",
                "s1",
                "episodes",
                List.of(Map.of("id", "e2", "content", "two"), Map.of("id", "e1", "content", "one")));
        given().contentType(ContentType.JSON)
                .body(again)
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .body("episodes.id", contains("e2", "e1"))
                .body("episodes.status", contains("created", "duplicate"));
    }

    @Test
    void a_full_batch_of_the_largest_episodes_fits_the_body_limit() {
        String content = "a".repeat(32 * 1024);
        String episodes = IntStream.range(0, 1000)
                .mapToObj(i -> "{\"id\":\"big-" + i + "\",\"content\":\"" + content + "\"}")
                .collect(Collectors.joining(","));

        given().contentType(ContentType.JSON)
                .body(("{\"user_id\":\"u1\",\"session_id\":\"s1\",\"episodes\":[" + episodes + "]}")
                        .getBytes(StandardCharsets.UTF_8))
                .post("/v1/memories")
                .then()
                .statusCode(201)
                .body("episodes.size()", equalTo(1000));

        assertThat(ingest.addRequests.get(0).getEpisodesCount()).isEqualTo(1000);
        assertThat(ingest.addRequests.get(0).getEpisodes(999).getContent()).isEqualTo(content);
    }
}
