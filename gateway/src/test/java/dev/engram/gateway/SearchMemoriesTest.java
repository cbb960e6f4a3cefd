package dev.engram.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.google.protobuf.Timestamp;
import dev.engram.gateway.fake.FakeDownstream;
import dev.engram.gateway.fake.FakeRetrievalService;
import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.ContextBy;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.Neighbours;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SearchMode;
import dev.engram.proto.v1.ShortTermMemory;
import dev.engram.proto.v1.TimeRange;
import dev.engram.proto.v1.Trace;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(FakeDownstream.class)
class SearchMemoriesTest {

    private static final Instant START = Instant.parse("2023-05-08T13:55:00Z");

    FakeRetrievalService retrieval;

    @BeforeEach
    void reset() {
        retrieval.reset();
    }

    /** The defaults are retrieval-agent-service's to fill in; the gateway sends only what the caller gave. */
    @Test
    void left_out_fields_stay_unset_for_retrieval_to_fill_in() {
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "When did Caroline go to the support group?"))
                .post("/v1/memories/search")
                .then()
                .statusCode(200);

        assertThat(retrieval.requests)
                .containsExactly(RetrievalRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                        .setQuery("When did Caroline go to the support group?")
                        .build());
    }

    @Test
    void every_given_field_reaches_retrieval() {
        Map<String, Object> body = Map.of(
                "user_id",
                "caroline",
                "agent_id",
                "assistant-1",
                "session_id",
                "conv-26/session_1",
                "query",
                "support group",
                "top_k",
                3,
                "mode",
                "direct",
                "expand_context",
                Map.of("before", 0, "after", 4, "neighbours", "all"),
                "filter",
                Map.of(
                        "session_ids", List.of("conv-26/session_1", "conv-26/session_2"),
                        "from", "2023-05-08T00:00:00+02:00",
                        "to", "2023-05-09T00:00:00Z",
                        "producers", List.of("Caroline"),
                        "metadata", Map.of("dia_id", "D1:3")),
                "max_context_tokens",
                500,
                "rerankers",
                List.of("bm25", "embedding"));
        body = new HashMap<>(body);
        body.put("min_relevance", 0.25);

        given().contentType(ContentType.JSON)
                .body(body)
                .post("/v1/memories/search")
                .then()
                .statusCode(200);

        assertThat(retrieval.requests)
                .containsExactly(RetrievalRequest.newBuilder()
                        .setScope(Scope.newBuilder()
                                .setProject("default")
                                .setUserId("caroline")
                                .setAgentId("assistant-1")
                                .setSessionId("conv-26/session_1"))
                        .setQuery("support group")
                        .setTopK(3)
                        .setMode(SearchMode.SEARCH_MODE_DIRECT)
                        .setBefore(0)
                        .setAfter(4)
                        .setNeighbours(Neighbours.NEIGHBOURS_ALL)
                        .setFilter(SearchFilter.newBuilder()
                                .addSessionIds("conv-26/session_1")
                                .addSessionIds("conv-26/session_2")
                                .setTimeRange(TimeRange.newBuilder()
                                        .setFrom(at(Instant.parse("2023-05-07T22:00:00Z")))
                                        .setTo(at(Instant.parse("2023-05-09T00:00:00Z"))))
                                .addProducers("Caroline")
                                .putMetadata("dia_id", "D1:3"))
                        .setMaxContextTokens(500)
                        .setIncludeShortTerm(true)
                        .addRerankers("bm25")
                        .addRerankers("embedding")
                        .setMinRelevance(0.25f)
                        .build());
    }

    @Test
    void expand_context_by_segment_or_window_reaches_retrieval() {
        for (String by : List.of("segment", "window")) {
            given().contentType(ContentType.JSON)
                    .body(Map.of("user_id", "caroline", "query", "support group", "expand_context", Map.of("by", by)))
                    .post("/v1/memories/search")
                    .then()
                    .statusCode(200);
        }

        assertThat(retrieval.requests)
                .extracting(RetrievalRequest::getContextBy)
                .containsExactly(ContextBy.CONTEXT_BY_SEGMENT, ContextBy.CONTEXT_BY_WINDOW);
    }

    @Test
    void expand_context_neighbours_matching_and_all_are_accepted_and_reach_retrieval() {
        for (String neighbours : List.of("matching", "all")) {
            given().contentType(ContentType.JSON)
                    .body(Map.of(
                            "user_id",
                            "caroline",
                            "query",
                            "support group",
                            "expand_context",
                            Map.of("neighbours", neighbours)))
                    .post("/v1/memories/search")
                    .then()
                    .statusCode(200);
        }
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "support group", "expand_context", Map.of("after", 3)))
                .post("/v1/memories/search")
                .then()
                .statusCode(200);

        assertThat(retrieval.requests)
                .extracting(RetrievalRequest::getNeighbours)
                .containsExactly(
                        Neighbours.NEIGHBOURS_MATCHING, Neighbours.NEIGHBOURS_ALL, Neighbours.NEIGHBOURS_UNSPECIFIED);
        assertThat(retrieval.requests)
                .extracting(RetrievalRequest::hasBefore, RetrievalRequest::hasAfter, RetrievalRequest::getAfter)
                .containsExactly(tuple(false, false, 0), tuple(false, false, 0), tuple(false, true, 3));
    }

    @Test
    void the_example_request_of_the_api_document_is_accepted_as_written() {
        String example = """
                {
                  "user_id": "caroline",
                  "agent_id": null,
                  "session_id": null,
                  "query": "When did Caroline go to the LGBTQ support group?",
                  "top_k": 10,
                  "mode": "auto",
                  "expand_context": {"before": 1, "after": 2},
                  "filter": {"session_ids": [], "from": null, "to": null, "producers": [], "metadata": {}},
                  "include": ["episodic", "short_term", "profile"],
                  "max_context_tokens": 2000
                }
                """;

        given().contentType(ContentType.JSON)
                .body(example)
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("episodic", equalTo(List.of()));

        assertThat(retrieval.requests).hasSize(1);
        assertThat(retrieval.requests.get(0).getScope().getSessionId()).isEmpty();
        assertThat(retrieval.requests.get(0).getFilter()).isEqualTo(SearchFilter.getDefaultInstance());
    }

    @Test
    void clusters_come_back_best_first_with_episodes_in_order_and_metadata_intact() {
        retrieval.answer(RetrievalResponse.newBuilder()
                .addClusters(Cluster.newBuilder()
                        .setScore(0.83f)
                        .setRelevance(0.91f)
                        .setSimilarity(0.78f)
                        .setNucleusId("D1:3")
                        .addEpisodes(episode("D1:2", 0, "Melanie", "assistant", Map.of("dia_id", "D1:2")))
                        .addEpisodes(episode("D1:3", 60, "Caroline", "user", Map.of("dia_id", "D1:3", "mood", "glad")))
                        .addEpisodes(episode("D1:4", 120, "Melanie", "assistant", Map.of())))
                .addClusters(Cluster.newBuilder()
                        .setScore(0.41f)
                        .setNucleusId("D2:1")
                        .addEpisodes(episode("D2:1", 3600, "Caroline", "user", Map.of())))
                .setContext("[2023-05-08] Caroline: I went to a support group.")
                .setTrace(Trace.newBuilder()
                        .setMode("direct")
                        .setReason("auto chose direct: no LLM configured")
                        .addQueries("support group")
                        .setLlmCalls(0)
                        .setTookMs(12)
                        .putStageMs("nucleus", 7)
                        .putStageMs("context", 3)
                        .setBestRelevance(0.91f)
                        .setBelowMinRelevance(2)
                        .setMinRelevance(0.2f))
                .build());

        JsonPath result = given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "support group"))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("$", not(hasKey("short_term")))
                .body("$", not(hasKey("profile")))
                .body("episodic.nucleus_id", contains("D1:3", "D2:1"))
                .body("episodic[0].episodes.id", contains("D1:2", "D1:3", "D1:4"))
                .body("context", equalTo("[2023-05-08] Caroline: I went to a support group."))
                .body("trace.mode", equalTo("direct"))
                .body("trace.reason", equalTo("auto chose direct: no LLM configured"))
                .body("trace.queries", contains("support group"))
                .body("trace.llm_calls", equalTo(0))
                .body("trace.took_ms", equalTo(12))
                .body("trace.stage_ms.nucleus", equalTo(7))
                .extract()
                .jsonPath();

        assertThat(result.getFloat("episodic[0].score")).isEqualTo(0.83f);
        assertThat(result.getFloat("episodic[0].relevance")).isEqualTo(0.91f);
        assertThat(result.getFloat("episodic[0].similarity")).isEqualTo(0.78f);
        assertThat(result.getFloat("trace.best_relevance")).isEqualTo(0.91f);
        assertThat(result.getInt("trace.below_min_relevance")).isEqualTo(2);
        assertThat(result.getFloat("trace.min_relevance")).isEqualTo(0.2f);
        assertThat(result.getMap("episodic[0].episodes[1]"))
                .containsEntry("id", "D1:3")
                .containsEntry("session_id", "conv-26/session_1")
                .containsEntry("producer", "Caroline")
                .containsEntry("produced_for", "Melanie")
                .containsEntry("role", "user")
                .containsEntry("content", "content of D1:3")
                .containsEntry("timestamp", "2023-05-08T13:56:00Z")
                .containsEntry("metadata", Map.of("dia_id", "D1:3", "mood", "glad"));
        assertThat(result.getMap("episodic[0].episodes[2].metadata")).isEmpty();
    }

    @Test
    void episodic_memory_is_left_out_when_not_included() {
        retrieval.answer(RetrievalResponse.newBuilder()
                .addClusters(Cluster.newBuilder()
                        .setNucleusId("D1:3")
                        .addEpisodes(episode("D1:3", 0, "C", "user", Map.of())))
                .setContext("context")
                .build());

        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "q", "include", List.of("profile")))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("episodic", nullValue())
                .body("context", equalTo("context"));
    }

    @Test
    void a_search_in_one_session_brings_that_sessions_short_term_memory() {
        retrieval.answer(RetrievalResponse.newBuilder()
                .addClusters(Cluster.newBuilder()
                        .setNucleusId("D1:3")
                        .addEpisodes(episode("D1:3", 60, "Caroline", "user", Map.of("dia_id", "D1:3"))))
                .setShortTerm(ShortTermMemory.newBuilder()
                        .setSessionId("conv-26/session_1")
                        .setSummary("[2023-05-08] Caroline: I went to a support group.")
                        .addEpisodes(episode("D1:9", 600, "Melanie", "assistant", Map.of("dia_id", "D1:9")))
                        .addEpisodes(episode("D1:10", 660, "Caroline", "user", Map.of()))
                        .setSummarizedEpisodes(8))
                .build());

        JsonPath result = given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "session_id", "conv-26/session_1", "query", "support group"))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("episodic.nucleus_id", contains("D1:3"))
                .body("short_term.session_id", equalTo("conv-26/session_1"))
                .body("short_term.summary", equalTo("[2023-05-08] Caroline: I went to a support group."))
                .body("short_term.episodes.id", contains("D1:9", "D1:10"))
                .body("short_term", not(hasKey("summarized_episodes")))
                .extract()
                .jsonPath();

        assertThat(retrieval.requests)
                .singleElement()
                .satisfies(request -> assertThat(request.getIncludeShortTerm()).isTrue());
        assertThat(result.getMap("short_term.episodes[0]"))
                .containsEntry("session_id", "conv-26/session_1")
                .containsEntry("producer", "Melanie")
                .containsEntry("role", "assistant")
                .containsEntry("timestamp", "2023-05-08T14:05:00Z")
                .containsEntry("metadata", Map.of("dia_id", "D1:9"));
    }

    @Test
    void short_term_memory_is_asked_for_when_included_and_left_out_when_not() {
        retrieval.answer(RetrievalResponse.newBuilder()
                .setShortTerm(ShortTermMemory.newBuilder().setSessionId("s1").setSummary("summary"))
                .build());

        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "session_id", "s1", "query", "q", "include", List.of("short_term")))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("short_term.summary", equalTo("summary"))
                .body("episodic", nullValue());
        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "session_id", "s1", "query", "q", "include", List.of("episodic")))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("$", not(hasKey("short_term")));

        assertThat(retrieval.requests)
                .extracting(RetrievalRequest::getIncludeShortTerm)
                .containsExactly(true, false);
    }

    @Test
    void without_a_session_there_is_no_short_term_memory_to_ask_for_or_return() {
        retrieval.answer(RetrievalResponse.newBuilder()
                .setShortTerm(ShortTermMemory.newBuilder().setSessionId("s1").setSummary("summary"))
                .build());

        given().contentType(ContentType.JSON)
                .body(Map.of("user_id", "caroline", "query", "q", "include", List.of("episodic", "short_term")))
                .post("/v1/memories/search")
                .then()
                .statusCode(200)
                .body("$", not(hasKey("short_term")));

        assertThat(retrieval.requests)
                .singleElement()
                .satisfies(request -> assertThat(request.getIncludeShortTerm()).isFalse());
    }

    private static Episode episode(
            String id, int secondsAfterStart, String producer, String role, Map<String, String> metadata) {
        return Episode.newBuilder()
                .setId(id)
                .setScope(Scope.newBuilder()
                        .setProject("default")
                        .setUserId("caroline")
                        .setSessionId("conv-26/session_1"))
                .setProducer(producer)
                .setProducedFor(producer.equals("Caroline") ? "Melanie" : "Caroline")
                .setRole(role)
                .setContent("content of " + id)
                .setTimestamp(at(START.plusSeconds(secondsAfterStart)))
                .putAllMetadata(metadata)
                .build();
    }

    private static Timestamp at(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }
}
