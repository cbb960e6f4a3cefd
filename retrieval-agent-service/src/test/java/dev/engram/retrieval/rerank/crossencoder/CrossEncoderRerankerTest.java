package dev.engram.retrieval.rerank.crossencoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.retrieval.rerank.RerankCandidate;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.output.Response;
import dev.langchain4j.model.scoring.ScoringModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CrossEncoderRerankerTest {

    @Test
    void without_configuration_the_cross_encoder_is_unavailable() {
        CrossEncoderReranker reranker = new CrossEncoderReranker(CrossEncoderConfigs.of(Map.of()));

        assertThat(reranker.available()).isFalse();
        assertThat(reranker.name()).isEqualTo("cross-encoder");
        assertThatThrownBy(() -> reranker.score("q", Candidates.of("Caroline: hi")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("No cross-encoder is configured");
    }

    @Test
    void a_configured_rerank_server_makes_it_available_and_blocking() throws Exception {
        try (ScriptedRerankServer server = new ScriptedRerankServer()) {
            CrossEncoderReranker reranker = new CrossEncoderReranker(
                    CrossEncoderConfigs.of(Map.of("url", server.url().toString())));

            assertThat(reranker.available()).isTrue();
            assertThat(reranker.blocking()).isTrue();
        }
    }

    @Test
    void scores_follow_candidate_order_through_a_rerank_server() throws Exception {
        try (ScriptedRerankServer server = new ScriptedRerankServer()) {
            server.answers(200, """
                    {"results": [
                      {"index": 1, "relevance_score": 0.9},
                      {"index": 2, "relevance_score": 0.4},
                      {"index": 0, "relevance_score": 0.1}
                    ]}
                    """);
            CrossEncoderReranker reranker = new CrossEncoderReranker(CrossEncoderConfigs.of(
                    Map.of("url", server.url().toString(), "model", "ms-marco-MiniLM-L-6-v2", "api-key", "k")));
            List<RerankCandidate> candidates = Candidates.of(
                    "Melanie: I painted a sunrise",
                    "Caroline: I went to the LGBTQ support group yesterday",
                    "Caroline: the group meets on Sundays");

            double[] scores = reranker.score("When did Caroline go to the support group?", candidates);

            assertThat(scores).containsExactly(0.1, 0.9, 0.4);
            assertThat(server.lastRequest().body().getJsonArray("documents").getList())
                    .containsExactly(
                            candidates.stream().map(RerankCandidate::text).toArray());
            assertThat(server.lastRequest().authorization()).isEqualTo("Bearer k");
        }
    }

    @Test
    void a_failing_rerank_server_fails_the_scoring_with_a_cross_encoder_exception() throws Exception {
        try (ScriptedRerankServer server = new ScriptedRerankServer()) {
            server.answers(500, "{\"error\": \"out of memory\"}");
            CrossEncoderReranker reranker = new CrossEncoderReranker(
                    CrossEncoderConfigs.of(Map.of("url", server.url().toString())));

            assertThatThrownBy(() -> reranker.score("q", Candidates.of("Caroline: hi")))
                    .isInstanceOf(CrossEncoderException.class)
                    .hasMessageContaining("HTTP 500");
        }
    }

    @Test
    void a_model_that_scores_too_few_candidates_is_a_cross_encoder_exception() {
        ScoringModel model = (segments, query) -> Response.from(List.of(0.5));
        CrossEncoderReranker reranker = new CrossEncoderReranker(Optional.of(model), 2000);

        assertThatThrownBy(() -> reranker.score("q", Candidates.of("Caroline: a", "Melanie: b")))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("scored 1 of 2 clusters");
    }

    @Test
    void a_model_that_throws_is_a_cross_encoder_exception() {
        ScoringModel model = (segments, query) -> {
            throw new IllegalArgumentException("input too large");
        };
        CrossEncoderReranker reranker = new CrossEncoderReranker(Optional.of(model), 2000);

        assertThatThrownBy(() -> reranker.score("q", Candidates.of("Caroline: a")))
                .isInstanceOf(CrossEncoderException.class)
                .hasMessageContaining("input too large");
    }

    @Test
    void no_candidates_are_not_sent_to_the_model() {
        List<List<TextSegment>> calls = new ArrayList<>();
        ScoringModel model = (segments, query) -> {
            calls.add(segments);
            return Response.from(List.of());
        };

        assertThat(new CrossEncoderReranker(Optional.of(model), 2000).score("q", List.of()))
                .isEmpty();
        assertThat(calls).isEmpty();
    }

    @Test
    void a_long_cluster_is_cut_to_a_window_around_its_nucleus() {
        List<String> passages = new ArrayList<>();
        ScoringModel model = (segments, query) -> {
            segments.forEach(s -> passages.add(s.text()));
            return Response.from(segments.stream().map(s -> 1.0).toList());
        };
        String filler = "x".repeat(300);
        RerankCandidate candidate = Candidates.cluster(
                0,
                "e2",
                List.of(
                        "Melanie: " + filler,
                        "Caroline: " + filler,
                        "Caroline: the support group meets on Sundays",
                        "Melanie: " + filler));

        new CrossEncoderReranker(Optional.of(model), 200).score("q", List.of(candidate));

        assertThat(passages).hasSize(1);
        assertThat(passages.get(0)).hasSize(200).contains("the support group meets on Sundays");
    }

    @Test
    void a_short_cluster_is_passed_whole() {
        List<String> passages = new ArrayList<>();
        ScoringModel model = (segments, query) -> {
            segments.forEach(s -> passages.add(s.text()));
            return Response.from(segments.stream().map(s -> 1.0).toList());
        };
        RerankCandidate candidate =
                Candidates.cluster(0, "e1", List.of("Melanie: how was it?", "Caroline: the support group was great"));

        new CrossEncoderReranker(Optional.of(model), 2000).score("q", List.of(candidate));

        assertThat(passages).containsExactly(candidate.text());
    }
}
