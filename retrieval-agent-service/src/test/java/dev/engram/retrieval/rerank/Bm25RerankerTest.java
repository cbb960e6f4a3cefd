package dev.engram.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.retrieval.model.EpisodeCluster;
import java.util.List;
import org.junit.jupiter.api.Test;

class Bm25RerankerTest {

    private final Bm25Reranker reranker = new Bm25Reranker();

    @Test
    void a_cluster_covering_more_query_terms_scores_higher() {
        double[] scores = reranker.score(
                "Which dog breed did Caroline adopt?",
                List.of(
                        candidate("Caroline: I went hiking.\nMelanie: Nice!", 0),
                        candidate("Caroline: We adopted a puppy.\nMelanie: Which breed?\nCaroline: A beagle dog.", 1),
                        candidate("Melanie: My dog is old.", 2)));

        assertThat(scores[1]).isGreaterThan(scores[2]).isGreaterThan(scores[0]);
    }

    @Test
    void words_are_matched_by_their_stems() {
        double[] scores = reranker.score(
                "adopting puppies", List.of(candidate("We adopted a puppy", 0), candidate("We painted the fence", 1)));

        assertThat(scores[0]).isPositive();
        assertThat(scores[1]).isZero();
    }

    @Test
    void a_query_of_stop_words_only_scores_everything_zero() {
        assertThat(reranker.score("the of and", List.of(candidate("the cat and the dog", 0))))
                .containsExactly(0.0);
    }

    @Test
    void a_cluster_scores_the_same_when_its_text_is_met_again() {
        List<RerankCandidate> candidates =
                List.of(candidate("Caroline: We adopted a puppy.", 0), candidate("Melanie: My dog is old.", 1));

        double[] first = reranker.score("Which puppy did Caroline adopt?", candidates);
        double[] again = reranker.score("Which puppy did Caroline adopt?", candidates);
        double[] other = reranker.score("How old is the dog?", candidates);

        assertThat(again).containsExactly(first);
        assertThat(other[1]).isGreaterThan(other[0]);
    }

    private static RerankCandidate candidate(String text, int rank) {
        return new RerankCandidate(new EpisodeCluster("n" + rank, 0f, List.of()), text, rank);
    }
}
