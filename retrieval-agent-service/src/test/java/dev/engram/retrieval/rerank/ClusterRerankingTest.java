package dev.engram.retrieval.rerank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.retrieval.model.EpisodeCluster;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fusion of rerankers, with hand-made rerankers whose opinions are known. */
class ClusterRerankingTest {

    private static final List<EpisodeCluster> CANDIDATES = List.of(cluster("a"), cluster("b"), cluster("c"));

    @Test
    void one_reranker_alone_decides_the_order() {
        ClusterReranking reranking = reranking(List.of("likes-c"), fixed("likes-c", 0, 1, 9));

        assertThat(ids(reranking.rerank("q", List.of(), CANDIDATES, 3))).containsExactly("c", "b", "a");
    }

    @Test
    void several_rerankers_are_fused_by_reciprocal_rank_and_ties_keep_retrieval_order() {
        ClusterReranking reranking =
                reranking(List.of("likes-c", "likes-b"), fixed("likes-c", 0, 1, 9), fixed("likes-b", 0, 9, 1));

        List<EpisodeCluster> ranked = reranking.rerank("q", List.of(), CANDIDATES, 3);

        // b and c are each first once and second once: a tie, which retrieval order breaks.
        assertThat(ids(ranked)).containsExactly("b", "c", "a");
        assertThat(ranked.get(0).score()).isEqualTo((float) (1.0 / 61 + 1.0 / 62));
    }

    @Test
    void a_request_may_choose_other_rerankers_than_the_default() {
        ClusterReranking reranking =
                reranking(List.of("likes-c"), fixed("likes-c", 0, 1, 9), fixed("likes-b", 0, 9, 1));

        assertThat(ids(reranking.rerank("q", List.of("likes-b"), CANDIDATES, 1)))
                .containsExactly("b");
        assertThat(reranking.unknown(List.of("likes-b", "nope"))).contains("nope");
    }

    @Test
    void a_reranker_with_nothing_to_say_about_the_query_does_not_vote() {
        ClusterReranker silent = silent("silent");
        ClusterReranking reranking = reranking(
                List.of("likes-c", "likes-b", "silent"), fixed("likes-c", 0, 1, 9), fixed("likes-b", 0, 9, 1), silent);

        assertThat(ids(reranking.rerank("q", List.of(), CANDIDATES, 3))).containsExactly("b", "c", "a");
    }

    @Test
    void a_failing_reranker_is_left_out_of_the_search() {
        ClusterReranker broken = new ClusterReranker() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public double[] score(String query, List<RerankCandidate> candidates) {
                throw new IllegalStateException("model unreachable");
            }
        };
        ClusterReranking reranking = reranking(List.of("broken", "likes-c"), broken, fixed("likes-c", 0, 1, 9));

        assertThat(ids(reranking.rerank("q", List.of(), CANDIDATES, 3))).containsExactly("c", "b", "a");
    }

    @Test
    void several_queries_are_fused_within_each_reranker_and_a_query_blind_one_is_asked_once() {
        List<String> asked = new java.util.ArrayList<>();
        ClusterReranker byQuery = new ClusterReranker() {
            @Override
            public String name() {
                return "by-query";
            }

            @Override
            public double[] score(String query, List<RerankCandidate> candidates) {
                asked.add(query);
                return query.equals("question") ? new double[] {0, 1, 9} : new double[] {0, 9, 1};
            }
        };
        ClusterReranker order = new ClusterReranker() {
            @Override
            public String name() {
                return "order";
            }

            @Override
            public boolean readsQuery() {
                return false;
            }

            @Override
            public double[] score(String query, List<RerankCandidate> candidates) {
                asked.add("order:" + query);
                return new double[] {3, 2, 1};
            }
        };
        ClusterReranking reranking = reranking(List.of("by-query", "order"), byQuery, order);

        List<EpisodeCluster> ranked = reranking.rerank(List.of("question", "sub-query"), List.of(), CANDIDATES, 3);

        // by-query: b and c tie across the two queries (retrieval order puts b first); order: a, b, c.
        assertThat(ids(ranked)).containsExactly("b", "a", "c");
        assertThat(asked).containsExactly("question", "sub-query", "order:question");
    }

    @Test
    void a_head_only_reranker_helps_choose_the_head_and_the_others_order_the_rest() {
        List<EpisodeCluster> five = List.of(cluster("a"), cluster("b"), cluster("c"), cluster("d"), cluster("e"));
        ClusterReranking reranking = new ClusterReranking(
                List.of(fixed("order", 5, 4, 3, 2, 1), fixed("words", 0, 1, 2, 3, 9)),
                List.of("order", "words"),
                60,
                Set.of("words"),
                1);

        List<EpisodeCluster> ranked = reranking.rerank("q", List.of(), five, 5);

        // Together, a (1st + 5th) and e (5th + 1st) tie and retrieval order puts a in the one head place;
        // below it "words" no longer votes, so e, its favourite, falls to the end.
        assertThat(ids(ranked)).containsExactly("a", "b", "c", "d", "e");
        assertThat(ranked.get(0).score()).isEqualTo((float) (1.0 / 61 + 1.0 / 65));
        assertThat(ranked.get(1).score()).isEqualTo((float) (1.0 / 62));
        assertThat(ranked).extracting(EpisodeCluster::score).isSortedAccordingTo((x, y) -> Float.compare(y, x));
    }

    @Test
    void the_head_is_chosen_with_the_head_only_reranker_voting() {
        List<EpisodeCluster> five = List.of(cluster("a"), cluster("b"), cluster("c"), cluster("d"), cluster("e"));
        ClusterReranking reranking = new ClusterReranking(
                List.of(fixed("order", 5, 4, 3, 2, 1), fixed("words", 0, 1, 2, 8, 9)),
                List.of("order", "words"),
                60,
                Set.of("words"),
                2);

        // Fused: a (1st + 5th) and e (5th + 1st) tie for the lead, then b and d (2nd + 4th), then c:
        // a, e, b, d, c. a and e fill the head; the rest follow "order" alone: b, c, d.
        assertThat(ids(reranking.rerank("q", List.of(), five, 5))).containsExactly("a", "e", "b", "c", "d");
    }

    @Test
    void when_only_head_only_rerankers_score_the_query_they_order_everything() {
        ClusterReranker abstains = silent("abstains");
        ClusterReranking reranking = new ClusterReranking(
                List.of(abstains, fixed("words", 0, 1, 9)), List.of("abstains", "words"), 60, Set.of("words"), 1);

        assertThat(ids(reranking.rerank("q", List.of(), CANDIDATES, 3))).containsExactly("c", "b", "a");
    }

    @Test
    void head_only_names_must_be_rerankers_and_the_head_at_least_one_cluster() {
        ClusterReranker words = fixed("words", 0, 1, 9);
        assertThatThrownBy(() -> new ClusterReranking(List.of(words), List.of("words"), 60, Set.of("BM25"), 4))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("BM25");
        assertThatThrownBy(() -> new ClusterReranking(List.of(words), List.of("words"), 60, Set.of("words"), 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("head-size");
        ClusterReranking everyVote = new ClusterReranking(
                List.of(fixed("order", 3, 2, 1), words), List.of("order", "words"), 60, Set.of("none"), 1);
        // With no head-only reranker, both vote on the whole list: a and c tie, retrieval order wins.
        assertThat(ids(everyVote.rerank("q", List.of(), CANDIDATES, 3))).containsExactly("a", "c", "b");
    }

    @Test
    void a_head_only_reranker_chosen_alone_orders_everything() {
        ClusterReranking reranking = new ClusterReranking(
                List.of(fixed("order", 3, 2, 1), fixed("words", 0, 1, 9)), List.of("order"), 60, Set.of("words"), 1);

        assertThat(ids(reranking.rerank("q", List.of("words"), CANDIDATES, 3))).containsExactly("c", "b", "a");
    }

    @Test
    void a_default_that_is_not_available_stops_the_service_at_start() {
        assertThatThrownBy(() -> reranking(List.of("cross-encoder"), fixed("likes-c", 0, 1, 2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cross-encoder");
    }

    private static ClusterReranking reranking(List<String> defaults, ClusterReranker... rerankers) {
        return new ClusterReranking(List.of(rerankers), defaults, 60);
    }

    /** A reranker with nothing to say about any query. */
    private static ClusterReranker silent(String name) {
        return new ClusterReranker() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean appliesTo(String query) {
                return false;
            }

            @Override
            public double[] score(String query, List<RerankCandidate> candidates) {
                throw new AssertionError("not asked");
            }
        };
    }

    private static ClusterReranker fixed(String name, double... scores) {
        return new ClusterReranker() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public double[] score(String query, List<RerankCandidate> candidates) {
                return scores.clone();
            }
        };
    }

    private static EpisodeCluster cluster(String id) {
        return new EpisodeCluster(id, 0f, List.of());
    }

    private static List<String> ids(List<EpisodeCluster> clusters) {
        return clusters.stream().map(EpisodeCluster::nucleusId).toList();
    }
}
