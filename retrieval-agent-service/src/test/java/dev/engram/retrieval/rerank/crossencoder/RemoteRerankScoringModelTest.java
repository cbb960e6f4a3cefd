package dev.engram.retrieval.rerank.crossencoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.segment.TextSegment;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RemoteRerankScoringModelTest {

    private static final List<TextSegment> PASSAGES = List.of(
            TextSegment.from("Caroline: I went to a support group"),
            TextSegment.from("Melanie: I painted a sunrise"),
            TextSegment.from("Caroline: the support group was great"));

    private ScriptedRerankServer server;

    @BeforeEach
    void start() throws Exception {
        server = new ScriptedRerankServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void scores_come_back_in_passage_order_whatever_order_the_server_ranks_them_in() {
        server.answers(200, """
                {"id": "r1", "results": [
                  {"index": 2, "relevance_score": 0.91},
                  {"index": 0, "relevance_score": 0.58},
                  {"index": 1, "relevance_score": 0.02}
                ], "usage": {"total_tokens": 40}}
                """);

        List<Double> scores = model(Optional.of("bge-reranker-v2-m3"), Optional.empty())
                .scoreAll(PASSAGES, "support group")
                .content();

        assertThat(scores).containsExactly(0.58, 0.02, 0.91);
    }

    @Test
    void the_request_carries_the_query_every_passage_in_order_and_the_model() {
        server.answers(200, answerFor(3));

        model(Optional.of("bge-reranker-v2-m3"), Optional.empty()).scoreAll(PASSAGES, "support group");

        ScriptedRerankServer.Request request = server.lastRequest();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/rerank");
        assertThat(request.body().getString("query")).isEqualTo("support group");
        assertThat(request.body().getString("model")).isEqualTo("bge-reranker-v2-m3");
        assertThat(request.body().getInteger("top_n")).isEqualTo(3);
        assertThat(request.body().getJsonArray("documents").getList())
                .containsExactlyElementsOf(
                        PASSAGES.stream().map(TextSegment::text).toList());
    }

    @Test
    void a_server_serving_one_model_is_asked_without_naming_one() {
        server.answers(200, answerFor(3));

        model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "support group");

        assertThat(server.lastRequest().body().containsKey("model")).isFalse();
    }

    @Test
    void the_api_key_is_sent_as_a_bearer_token() {
        server.answers(200, answerFor(3));

        model(Optional.empty(), Optional.of("secret-key")).scoreAll(PASSAGES, "q");

        assertThat(server.lastRequest().authorization()).isEqualTo("Bearer secret-key");
    }

    @Test
    void without_an_api_key_no_authorization_is_sent() {
        server.answers(200, answerFor(3));

        model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "q");

        assertThat(server.lastRequest().authorization()).isNull();
    }

    @Test
    void a_base_url_that_already_ends_in_v1_is_not_given_a_second_one() {
        server.answers(200, answerFor(3));
        URI base = URI.create(server.url() + "/v1/");

        new RemoteRerankScoringModel(base, Optional.empty(), Optional.empty(), Duration.ofSeconds(2))
                .scoreAll(PASSAGES, "q");

        assertThat(server.lastRequest().path()).isEqualTo("/v1/rerank");
    }

    @Test
    void an_error_status_is_a_cross_encoder_exception_naming_status_and_answer() {
        server.answers(503, "{\"error\": \"model is loading\"}");

        assertThatThrownBy(() -> model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("HTTP 503")
                .hasMessageContaining("model is loading");
    }

    @Test
    void a_server_slower_than_the_timeout_is_a_cross_encoder_exception() {
        server.answers(200, answerFor(3)).answersAfter(Duration.ofSeconds(5));
        RemoteRerankScoringModel model =
                new RemoteRerankScoringModel(server.url(), Optional.empty(), Optional.empty(), Duration.ofMillis(300));

        long started = System.nanoTime();
        assertThatThrownBy(() -> model.scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("did not answer within");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void a_server_that_answers_at_once_but_finishes_late_is_a_cross_encoder_exception() {
        server.answers(200, answerFor(3)).finishesAnswerAfter(Duration.ofSeconds(5));
        RemoteRerankScoringModel model =
                new RemoteRerankScoringModel(server.url(), Optional.empty(), Optional.empty(), Duration.ofMillis(300));

        long started = System.nanoTime();
        assertThatThrownBy(() -> model.scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("did not answer within");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void an_unreachable_server_is_a_cross_encoder_exception() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        RemoteRerankScoringModel model = new RemoteRerankScoringModel(
                URI.create("http://127.0.0.1:" + closedPort),
                Optional.empty(),
                Optional.empty(),
                Duration.ofSeconds(1));

        assertThatThrownBy(() -> model.scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("could not be reached");
    }

    @Test
    void an_answer_that_leaves_a_passage_unscored_is_a_cross_encoder_exception() {
        server.answers(
                200,
                "{\"results\": [{\"index\": 0, \"relevance_score\": 0.5}, {\"index\": 2, \"relevance_score\": 0.1}]}");

        assertThatThrownBy(() -> model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("passage 1 of 3 has no score");
    }

    @Test
    void an_answer_with_an_index_out_of_range_is_a_cross_encoder_exception() {
        server.answers(200, "{\"results\": [{\"index\": 7, \"relevance_score\": 0.5}]}");

        assertThatThrownBy(() -> model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("not usable");
    }

    @Test
    void an_answer_that_is_not_rerank_json_is_a_cross_encoder_exception() {
        server.answers(200, "<html>gateway</html>");

        assertThatThrownBy(() -> model(Optional.empty(), Optional.empty()).scoreAll(PASSAGES, "q"))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("not the JSON of a rerank result");
    }

    @Test
    void no_passages_need_no_request() {
        assertThat(model(Optional.empty(), Optional.empty())
                        .scoreAll(List.of(), "q")
                        .content())
                .isEmpty();
        assertThat(server.requests()).isEmpty();
    }

    private RemoteRerankScoringModel model(Optional<String> model, Optional<String> apiKey) {
        return new RemoteRerankScoringModel(server.url(), model, apiKey, Duration.ofSeconds(2));
    }

    /** Scores that fall with the index, listed best first as servers do. */
    static String answerFor(int passages) {
        StringBuilder results = new StringBuilder();
        for (int i = 0; i < passages; i++) {
            results.append(i == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(i)
                    .append(",\"relevance_score\":")
                    .append(1.0 - i / 10.0)
                    .append('}');
        }
        return "{\"results\":[" + results + "]}";
    }
}
