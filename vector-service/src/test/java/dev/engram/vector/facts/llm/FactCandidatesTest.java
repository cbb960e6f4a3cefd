package dev.engram.vector.facts.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.Vectors;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FactCandidatesTest {

    private static final LocalDate MAY_8 = LocalDate.of(2023, 5, 8);

    @Test
    void scores_by_cosine_and_keyword_overlap_and_keeps_the_best() {
        Fact fresh = fact("new", List.of("Maya"), MAY_8, "move", "denver");
        Fact sameWords = fact("words", List.of("Maya"), MAY_8.minusYears(1), "move", "denver");
        Fact sameMeaning = fact("meaning", List.of("Maya"), MAY_8.minusYears(1), "reloc");
        Fact unrelated = fact("other", List.of("Maya"), MAY_8.minusYears(1), "tulip");
        Map<String, float[]> vectors = Map.of(
                "new", new float[] {1, 0},
                "words", new float[] {0.6f, 0.8f},
                "meaning", new float[] {1, 0.1f},
                "other", new float[] {0, 1});

        List<Fact> best = new FactCandidates(0.7, 0.3, 2)
                .best(List.of(unrelated, sameWords, sameMeaning), List.of(fresh), vectors);

        // meaning: 0.7 * 0.995 = 0.70; words: 0.7 * 0.6 + 0.3 * 1 = 0.72; other: 0
        assertThat(best).extracting(Fact::factId).containsExactly("words", "meaning");
    }

    @Test
    void only_facts_sharing_a_person_or_days_are_candidates() {
        Fact fresh = fact("new", List.of("Maya"), MAY_8, "beagl");
        Fact otherPersonSameDay = fact("day", List.of("Jon"), MAY_8, "beagl");
        Fact otherPersonOtherDay = fact("none", List.of("Jon"), MAY_8.minusDays(3), "beagl");
        Fact undated = fact("undated", List.of("Jon"), null, "beagl");
        float[] same = {1, 0};
        Map<String, float[]> vectors = Map.of("new", same, "day", same, "none", same, "undated", same);

        List<Fact> best = new FactCandidates(0.7, 0.3, 8)
                .best(List.of(otherPersonOtherDay, undated, otherPersonSameDay), List.of(fresh), vectors);

        assertThat(best).extracting(Fact::factId).containsExactly("day");
    }

    @Test
    void jaccard_and_cosine() {
        assertThat(FactCandidates.jaccard(List.of("a", "b"), List.of("b", "c"))).isEqualTo(1.0 / 3);
        assertThat(FactCandidates.jaccard(List.of(), List.of())).isZero();
        assertThat(Vectors.cosine(new float[] {2, 0}, new float[] {3, 0})).isEqualTo(1.0);
        assertThat(Vectors.cosine(new float[] {0, 0}, new float[] {3, 0})).isZero();
    }

    private static Fact fact(String id, List<String> people, LocalDate day, String... keywords) {
        return new Fact(id, id, "s", 1, null, id, people, List.of(keywords), day, day);
    }
}
