package dev.engram.retrieval.rerank.crossencoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.retrieval.rerank.ClusterReranker;
import dev.engram.retrieval.rerank.ClusterReranking;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The application with a rerank server configured offers the cross-encoder among its rerankers. */
@QuarkusTest
@WithTestResource(RerankServerResource.class)
class CrossEncoderWiringTest {

    @Inject
    ClusterReranking reranking;

    @Inject
    @Any
    Instance<ClusterReranker> rerankers;

    ScriptedRerankServer server;

    @Test
    void a_configured_rerank_server_makes_the_cross_encoder_an_available_reranker() {
        assertThat(reranking.availableNames()).contains(CrossEncoderReranker.NAME);
    }

    @Test
    void the_cross_encoder_bean_scores_through_the_configured_server() {
        server.answers(200, RemoteRerankScoringModelTest.answerFor(2));
        ClusterReranker crossEncoder = rerankers.stream()
                .filter(r -> r.name().equals(CrossEncoderReranker.NAME))
                .findFirst()
                .orElseThrow();

        double[] scores =
                crossEncoder.score("support group", Candidates.of("Caroline: support group", "Melanie: painting"));

        assertThat(scores).containsExactly(1.0, 0.9);
        assertThat(server.lastRequest().body().getString("model")).isEqualTo("ms-marco-MiniLM-L-6-v2");
    }
}
