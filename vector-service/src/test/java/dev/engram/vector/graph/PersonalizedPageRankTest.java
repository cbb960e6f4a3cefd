package dev.engram.vector.graph;

import static dev.engram.vector.graph.GraphFacts.fact;
import static dev.engram.vector.graph.GraphFacts.only;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.graph.PersonalizedPageRank.Walk;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PersonalizedPageRankTest {

    /**
     * Two sessions. In s1, "a" (the seed) shares the rare keyword "beagl" with "b" in s2 and the common keyword
     * "like" with c, d and e; "f" shares nothing with anyone and sits three turns after "a".
     */
    private static final List<Fact> FACTS = List.of(
            fact("a", "s1", 0, "beagl", "like"),
            fact("c", "s1", 1, "like", "rain"),
            fact("d", "s1", 2, "like", "sun"),
            fact("f", "s1", 3, "zebra"),
            fact("b", "s2", 0, "beagl", "park"),
            fact("e", "s2", 5, "like", "snow"),
            fact("g", "s2", 9, "park", "swing"));

    @Test
    void entityEdgesFavourTheRareSharedKeywordAndReachFurtherThroughIt() {
        FactGraph graph = FactGraph.of(FACTS, only(1, 0, 0));

        List<String> ranking = ranking(graph, PersonalizedPageRank.walk(graph, seed(graph, "a"), only(1, 0, 0)));

        // The seed first; "b" shares the rare "beagl", so it outranks the facts that share the common "like";
        // "g" is reached only through "b" (two hops); "f" shares nothing and is never reached.
        assertThat(ranking).startsWith("a", "b");
        assertThat(ranking.indexOf("g")).isGreaterThan(ranking.indexOf("c"));
        assertThat(ranking).doesNotContain("f");
    }

    @Test
    void temporalEdgesReachTheNearestTurnsOfTheSessionOnly() {
        FactGraph graph = FactGraph.of(FACTS, only(0, 0, 1));

        Walk walk = PersonalizedPageRank.walk(graph, seed(graph, "a"), only(0, 0, 1));
        List<String> ranking = ranking(graph, walk);

        assertThat(ranking).startsWith("a", "c", "d");
        assertThat(ranking).doesNotContain("b", "e", "g");
        assertThat(walk.touched()).isEqualTo(4);
    }

    @Test
    void eventEdgesStayWithinTheSeedsEvent() {
        FactGraph graph = FactGraph.of(FACTS, only(0, 1, 0));
        int a = graph.node("a#f1");

        List<String> event = Arrays.stream(graph.event(a))
                .mapToObj(node -> graph.fact(node).episodeId())
                .toList();
        List<String> ranking = ranking(graph, PersonalizedPageRank.walk(graph, seed(graph, "a"), only(0, 1, 0)));

        assertThat(event).containsExactly("a", "c", "d");
        assertThat(ranking).containsExactlyInAnyOrder("a", "c", "d");
    }

    @Test
    void scoresAreAProbabilityDistributionThatFavoursTheSeed() {
        FactGraph graph = FactGraph.of(FACTS, only(1, 1, 1));

        Walk walk = PersonalizedPageRank.walk(graph, seed(graph, "a"), only(1, 1, 1));

        assertThat(Arrays.stream(walk.scores()).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(ranking(graph, walk).get(0)).isEqualTo("a");
        assertThat(walk.scores()[graph.node("a#f1")]).isGreaterThan(0.3);
    }

    @Test
    void aFactWithoutEdgesKeepsItsMassAtTheSeeds() {
        FactGraph graph = FactGraph.of(FACTS, only(1, 0, 0));

        Walk walk = PersonalizedPageRank.walk(graph, seed(graph, "f"), only(1, 0, 0));

        assertThat(walk.touched()).isEqualTo(1);
        assertThat(walk.scores()[graph.node("f#f1")]).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aWalkNeedsASeed() {
        FactGraph graph = FactGraph.of(FACTS, only(1, 1, 1));

        assertThatThrownBy(() -> PersonalizedPageRank.walk(graph, Map.of(), only(1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFactIndexedAgainReplacesItself() {
        Fact again = fact("a", "s1", 0, "kayak");

        FactGraph graph = FactGraph.of(List.of(FACTS.get(0), FACTS.get(1), again), only(1, 1, 1));

        assertThat(graph.size()).isEqualTo(2);
        assertThat(graph.fact(graph.node("a#f1")).keywords()).containsExactly("kayak");
    }

    private static Map<Integer, Double> seed(FactGraph graph, String episode) {
        return Map.of(graph.node(episode + "#f1"), 1.0);
    }

    /** Episodes of the reached facts, best first. */
    private static List<String> ranking(FactGraph graph, Walk walk) {
        double[] scores = walk.scores();
        return IntStream.range(0, graph.size())
                .filter(node -> scores[node] > 1e-12)
                .boxed()
                .sorted(Comparator.comparingDouble((Integer node) -> -scores[node]))
                .map(node -> graph.fact(node).episodeId())
                .toList();
    }
}
