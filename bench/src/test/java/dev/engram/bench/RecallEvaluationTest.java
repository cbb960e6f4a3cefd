package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecallEvaluationTest {

    private final LocomoDataset dataset = Fixture.dataset();

    /** Answers every question with the first turns of its own conversation, in conversation order. */
    private final Retriever firstTurns = new Retriever() {
        @Override
        public String name() {
            return "first-turns";
        }

        @Override
        public List<String> rank(Question question) {
            return dataset.conversations().stream()
                    .filter(c -> c.sampleId().equals(question.sampleId()))
                    .findFirst()
                    .orElseThrow()
                    .turns()
                    .stream()
                    .map(Turn::diaId)
                    .toList();
        }
    };

    @Test
    void scores_are_averaged_over_questions_and_per_category() {
        RetrieverResult result = new RecallEvaluation(dataset).evaluate(firstTurns);

        // conv-a is ranked D1:1, D1:2, D1:3, D2:1, D2:2, D2:3; conv-b D1:1, D1:2.
        // recall@5: Q1 (D1:2) 1, Q2 (D2:2, D1:3) 1, Q3 (D1:3) 1, Q4 (D1:1, D1:2) 1.
        assertThat(result.overall().at(5)).isEqualTo(1.0);
        assertThat(result.overall().questions()).isEqualTo(4);
        assertThat(result.byCategory().keySet()).containsExactly(1, 2, 3, 4);
        assertThat(result.byCategory().get(1).at(5)).isEqualTo(1.0);
        assertThat(result.overall().withinBudget()).isEqualTo(1.0);
        assertThat(result.overall().shortLists()).isEqualTo(4);
        assertThat(result.name()).isEqualTo("first-turns");
    }
}
