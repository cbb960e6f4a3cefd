package dev.engram.vector.store.qdrant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qdrant.client.grpc.Points.SparseVector;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SparseTextTest {

    private final SparseText sparseText = new SparseText();

    @AfterEach
    void close() {
        sparseText.close();
    }

    @Test
    void a_turn_weighs_each_term_by_bm25_term_frequency_and_length() {
        // Four terms after stop words: "kayak", "kayak", "red", "river".
        Map<Integer, Float> weights = weights(sparseText
                .document("The kayak, the red kayak on a river.")
                .orElseThrow()
                .getSparse());

        float norm = SparseText.K1 * (1 - SparseText.B + SparseText.B * 4 / SparseText.AVERAGE_TERMS);
        assertThat(weights).hasSize(3);
        assertThat(weights.get(SparseText.termId("kayak"))).isCloseTo(2 / (2 + norm), within(1e-6f));
        assertThat(weights.get(SparseText.termId("red"))).isCloseTo(1 / (1 + norm), within(1e-6f));
        assertThat(weights.get(SparseText.termId("river"))).isCloseTo(1 / (1 + norm), within(1e-6f));
    }

    @Test
    void query_and_turn_meet_in_the_same_dimensions_after_stemming() {
        Map<Integer, Float> query =
                weights(sparseText.query("Kayaks? RIVERS!").orElseThrow().getSparse());
        Map<Integer, Float> turn = weights(
                sparseText.document("a kayak on the river").orElseThrow().getSparse());

        assertThat(query)
                .containsOnly(Map.entry(SparseText.termId("kayak"), 1f), Map.entry(SparseText.termId("river"), 1f));
        assertThat(turn).containsOnlyKeys(query.keySet());
    }

    @Test
    void text_of_stop_words_and_punctuation_has_no_vector() {
        assertThat(sparseText.document("The, a... of?!")).isEmpty();
        assertThat(sparseText.query("and or not")).isEmpty();
    }

    @Test
    void a_query_keeps_at_most_the_distinct_term_limit() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < SparseText.MAX_QUERY_TERMS + 50; i++) {
            text.append("term").append(i).append(' ');
        }

        assertThat(sparseText.query(text.toString()).orElseThrow().getSparse().getIndicesCount())
                .isEqualTo(SparseText.MAX_QUERY_TERMS);
    }

    private static Map<Integer, Float> weights(SparseVector vector) {
        Map<Integer, Float> weights = new HashMap<>();
        for (int i = 0; i < vector.getIndicesCount(); i++) {
            weights.put(vector.getIndices(i), vector.getValues(i));
        }
        return weights;
    }
}
