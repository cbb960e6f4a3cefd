package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngramRetrieverTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void ranked_turns_follow_clusters_then_episodes_each_turn_once() throws Exception {
        JsonNode response = json.readTree("""
                {"episodic": [
                  {"score": 0.9, "nucleus_id": "r:conv-a:D1:3", "episodes": [
                    {"id": "r:conv-a:D1:2", "metadata": {"dia_id": "D1:2"}},
                    {"id": "r:conv-a:D1:3", "metadata": {"dia_id": "D1:3"}}]},
                  {"score": 0.7, "nucleus_id": "r:conv-a:D2:2", "episodes": [
                    {"id": "r:conv-a:D1:3", "metadata": {"dia_id": "D1:3"}},
                    {"id": "x", "metadata": {}},
                    {"id": "r:conv-a:D2:2", "metadata": {"dia_id": "D2:2"}}]}
                ], "context": "..."}
                """);
        assertThat(EngramRetriever.rankedTurns(response)).containsExactly("D1:2", "D1:3", "D2:2");
    }

    @Test
    void a_response_without_episodic_memory_ranks_nothing() throws Exception {
        assertThat(EngramRetriever.rankedTurns(json.readTree("{\"context\": \"\"}")))
                .isEmpty();
    }

    @Test
    void the_search_asks_only_for_episodic_memory_of_the_questions_own_user() {
        dev.engram.sdk.Engram gateway = Gateways.connect("http://127.0.0.1:1", null);
        RunIds ids = new RunIds("bench-test");
        Question question = new Question("conv-a", "Which marathon?", 1, List.of("D2:2"));

        JsonNode plain = new EngramRetriever(gateway, ids, 50, null, List.of(), null).request(question);
        assertThat(plain.toString())
                .isEqualTo("{\"user_id\":\"bench-test.conv-a\",\"query\":\"Which marathon?\",\"top_k\":50,"
                        + "\"include\":[\"episodic\"]}");

        JsonNode expanded = new EngramRetriever(
                        gateway, ids, 20, new ExpandContext(1, 2, null), List.of("bm25"), "chain")
                .request(question);
        assertThat(expanded.path("expand_context").toString()).isEqualTo("{\"before\":1,\"after\":2}");
        assertThat(expanded.path("top_k").asInt()).isEqualTo(20);
        assertThat(expanded.path("rerankers").toString()).isEqualTo("[\"bm25\"]");
        assertThat(expanded.path("mode").asText()).isEqualTo("chain");
        JsonNode everyNeighbour = new EngramRetriever(gateway, ids, 20, new ExpandContext(1, 2, "all"), List.of(), null)
                .request(question);
        assertThat(everyNeighbour.path("expand_context").toString())
                .isEqualTo("{\"before\":1,\"after\":2,\"neighbours\":\"all\"}");
        assertThat(plain.has("rerankers")).isFalse();
        assertThat(plain.has("mode")).isFalse();
    }
}
