package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(RunningPlatform.class)
class MemoryRoundTripIT {

    private static final Instant START = Instant.parse("2023-05-08T13:56:00Z");
    private static Gateway gateway;

    @BeforeAll
    static void loadMemories() throws InterruptedException {
        gateway = RunningPlatform.get().gateway();
        gateway.add(Conversations.request("nadia", "garden/s1", "nadia-s1", Conversations.GARDENING, START));
        gateway.add(Conversations.request("owen", "travel/s1", "owen-s1", Conversations.TRAVEL, START));
        gateway.awaitIndexed("nadia", Duration.ofSeconds(60));
        gateway.awaitIndexed("owen", Duration.ofSeconds(60));
    }

    @Test
    void added_episodes_come_back_from_search_with_their_metadata_intact() {
        JsonPath result = gateway.search("nadia", "What kind of carrots is Nadia growing?", 3);

        Map<String, Object> best = result.getMap("episodic[0]");
        assertThat(best.get("nucleus_id")).isIn("nadia-s1:3", "nadia-s1:5");
        List<Map<String, Object>> episodes = result.getList("episodic.episodes.flatten()");
        Map<String, Object> carrots = episodes.stream()
                .filter(e -> "nadia-s1:3".equals(e.get("id")))
                .findFirst()
                .orElseThrow();
        assertThat(carrots)
                .containsEntry("session_id", "garden/s1")
                .containsEntry("producer", "Nadia")
                .containsEntry("role", "user")
                .containsEntry("content", Conversations.GARDENING[2][1])
                .containsEntry("metadata", Map.of("turn", "D1:3", "source", "e2e"));
        assertThat(Instant.parse((String) carrots.get("timestamp"))).isEqualTo(START.plusSeconds(120));
        assertThat(result.getString("context")).contains("Nadia: Tomatoes, basil and a row of purple carrots");
        assertThat(result.getString("trace.mode")).isEqualTo("chain");
    }

    @Test
    void a_graph_search_walks_the_users_facts_and_says_so_in_its_trace() {
        JsonPath result = gateway.search(Map.of(
                "user_id", "nadia", "query", "What kind of carrots is Nadia growing?", "top_k", 3, "mode", "graph"));

        assertThat(result.getString("trace.mode")).isEqualTo("graph");
        assertThat(result.getInt("trace.graph.facts")).isPositive();
        assertThat(result.getInt("trace.graph.seeds")).isPositive();
        assertThat(result.getInt("trace.graph.touched")).isGreaterThanOrEqualTo(result.getInt("trace.graph.seeds"));
        assertThat(result.getMap("trace.graph.stage_us")).containsKeys("graph", "primary", "walk");
        assertThat(Gateway.episodeIds(result)).contains("nadia-s1:3");
    }

    @Test
    void a_segment_tree_search_propagates_over_the_users_sessions_and_says_so_in_its_trace() {
        JsonPath result = gateway.search(Map.of(
                "user_id", "nadia", "query", "What kind of carrots is Nadia growing?", "top_k", 3, "mode", "segtree"));

        assertThat(result.getString("trace.mode")).isEqualTo("segtree");
        assertThat(result.getInt("trace.segtree.episodes")).isPositive();
        assertThat(result.getInt("trace.segtree.trees")).isPositive();
        assertThat(result.getInt("trace.segtree.nodes")).isGreaterThan(result.getInt("trace.segtree.episodes"));
        assertThat(result.getMap("trace.segtree.stage_us")).containsKeys("trees", "embed", "score", "rank");
        assertThat(Gateway.episodeIds(result)).contains("nadia-s1:3");
    }

    @Test
    void a_reconstruction_navigates_from_the_questions_cues_and_says_so_in_its_trace() {
        JsonPath result = gateway.search(Map.of(
                "user_id",
                "nadia",
                "query",
                "What kind of carrots is Nadia growing?",
                "top_k",
                3,
                "mode",
                "reconstruct"));

        assertThat(result.getString("trace.mode")).isEqualTo("reconstruct");
        assertThat(result.getInt("trace.reconstruct.facts")).isPositive();
        assertThat(result.getInt("trace.reconstruct.cues")).isPositive();
        assertThat(result.getList("trace.reconstruct.steps.action", String.class))
                .startsWith("start")
                .contains("open");
        assertThat(result.getInt("trace.reconstruct.index_searches")).isZero();
        assertThat(result.getMap("trace.reconstruct.stage_us")).containsKeys("graph", "navigate");
        assertThat(Gateway.episodeIds(result)).contains("nadia-s1:3");
    }

    @Test
    void with_every_neighbour_the_best_match_comes_with_one_before_and_two_after_in_chronological_order() {
        JsonPath result = gateway.search(recitalQuestion(Map.of("before", 1, "after", 2, "neighbours", "all")));

        String nucleus = result.getString("episodic[0].nucleus_id");
        assertThat(nucleus).isIn("nadia-s1:6", "nadia-s1:7");
        int turn = turnOf(nucleus);
        List<String> neighbourhood = new ArrayList<>();
        for (int i = Math.max(1, turn - 1); i <= Math.min(Conversations.GARDENING.length, turn + 2); i++) {
            neighbourhood.add("nadia-s1:" + i);
        }
        List<String> cluster = result.getList("episodic[0].episodes.id", String.class);
        // Another candidate's neighbourhood may have merged into it, but never with a gap.
        assertThat(cluster).containsSubsequence(neighbourhood);
        List<Integer> turns = cluster.stream().map(MemoryRoundTripIT::turnOf).toList();
        for (int i = 1; i < turns.size(); i++) {
            assertThat(turns.get(i)).isEqualTo(turns.get(i - 1) + 1);
        }
    }

    @Test
    void by_default_the_best_match_keeps_only_the_neighbours_the_search_hit_too() {
        JsonPath every = gateway.search(recitalQuestion(Map.of("before", 1, "after", 2, "neighbours", "all")));
        JsonPath matching = gateway.search(recitalQuestion(Map.of("before", 1, "after", 2)));

        String nucleus = matching.getString("episodic[0].nucleus_id");
        assertThat(nucleus).isEqualTo(every.getString("episodic[0].nucleus_id"));
        List<String> cluster = matching.getList("episodic[0].episodes.id", String.class);
        List<String> window = every.getList("episodic[0].episodes.id", String.class);
        assertThat(cluster).contains(nucleus);
        List<Integer> turns = cluster.stream().map(MemoryRoundTripIT::turnOf).toList();
        assertThat(turns).isSorted().doesNotHaveDuplicates();
        // Every neighbour in range comes with "all"; by default the one the search did not hit stays out. (A cluster
        // may still grow by merging with a weaker nucleus next to it, which "all" would make too large to merge.)
        int at = turnOf(nucleus);
        assertThat(window.stream().map(MemoryRoundTripIT::turnOf).toList())
                .containsExactlyElementsOf(IntStream.rangeClosed(Math.max(1, at - 1), Math.min(8, at + 2))
                        .boxed()
                        .toList());
        assertThat(window.stream().filter(id -> !cluster.contains(id)).toList())
                .as("neighbours in range that the search did not hit")
                .isNotEmpty();
    }

    private static Map<String, Object> recitalQuestion(Map<String, Object> expandContext) {
        return Map.of(
                "user_id",
                "nadia",
                "query",
                "Which piece did Nadia play at the violin recital?",
                "top_k",
                1,
                "expand_context",
                expandContext,
                // Retrieval order alone, so that both searches lead with the same nucleus whatever
                // text its neighbours add to the cluster.
                "rerankers",
                List.of("rrf"));
    }

    private static int turnOf(String episodeId) {
        return Integer.parseInt(episodeId.substring(episodeId.indexOf(':') + 1));
    }

    @Test
    void re_sent_episode_id_is_a_duplicate_and_not_stored_twice() {
        long storedBefore = gateway.status("nadia").getLong("stored");

        JsonPath again =
                gateway.add(Conversations.request("nadia", "garden/s1", "nadia-s1", Conversations.GARDENING, START));

        assertThat(again.getList("episodes.status", String.class)).containsOnly("duplicate");
        assertThat(gateway.status("nadia").getLong("stored")).isEqualTo(storedBefore);
    }

    @Test
    void no_strategy_returns_another_users_episodes() {
        List<String> queries = List.of(
                "parrot named Mango",
                "northern lights flights",
                "purple carrots",
                "violin",
                "What do Nadia and Owen grow and fly?",
                "What is the name of Owen's sister's parrot?");
        for (String mode : List.of("direct", "split", "chain", "graph", "segtree", "auto")) {
            for (String query : queries) {
                for (String user : List.of("nadia", "owen")) {
                    JsonPath result =
                            gateway.search(Map.of("user_id", user, "query", query, "top_k", 10, "mode", mode));

                    assertThat(Gateway.episodeIds(result))
                            .as("%s search of %s for %s", mode, user, query)
                            .isNotEmpty()
                            .allMatch(id -> id.startsWith(user + "-"));
                    assertThat(result.getString("context")).doesNotContain(user.equals("nadia") ? "Owen:" : "Nadia:");
                }
            }
        }
    }

    @Test
    void status_counts_every_stored_episode_as_indexed() {
        JsonPath status = gateway.status("owen");

        assertThat(status.getString("user_id")).isEqualTo("owen");
        assertThat(status.getLong("stored")).isEqualTo(Conversations.TRAVEL.length);
        assertThat(status.getLong("indexed")).isEqualTo(Conversations.TRAVEL.length);
        assertThat(status.getLong("pending")).isZero();
    }
}
