package dev.engram.vector.facts.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.vector.facts.llm.FactAnswer.Decision;
import dev.engram.vector.facts.llm.FactAnswer.Op;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FactAnswerTest {

    @Test
    void reads_each_kind_of_decision_inside_prose_and_a_code_fence() {
        FactAnswer answer = FactAnswer.parse("""
                Sure:
                ```json
                {"facts": [
                  {"op": "add", "text": " Maya adopted Biscuit. ", "evidence": ["e-1", "", 7], "when": "2023-05-07",
                   "event": "adoption"},
                  {"op": "UPDATE", "fact_id": "e-0#w0", "text": "Maya moved to Denver.", "evidence": ["e-2"],
                   "when": "2023-04-01..2023-04-30"},
                  {"op": "skip", "fact_id": "e-0#w1"}
                ]}
                ```""");

        assertThat(answer.rejected()).isZero();
        assertThat(answer.decisions())
                .containsExactly(
                        new Decision(
                                Op.ADD,
                                "",
                                "Maya adopted Biscuit.",
                                List.of("e-1"),
                                LocalDate.of(2023, 5, 7),
                                LocalDate.of(2023, 5, 7),
                                "adoption"),
                        new Decision(
                                Op.UPDATE,
                                "e-0#w0",
                                "Maya moved to Denver.",
                                List.of("e-2"),
                                LocalDate.of(2023, 4, 1),
                                LocalDate.of(2023, 4, 30),
                                ""),
                        new Decision(Op.SKIP, "e-0#w1", "", List.of(), null, null, ""));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"op\": \"merge\", \"text\": \"x\", \"evidence\": [\"e\"]}",
                "{\"op\": \"add\", \"evidence\": [\"e\"]}",
                "{\"op\": \"add\", \"text\": \"x\", \"fact_id\": \"f\"}",
                "{\"op\": \"update\", \"text\": \"x\"}",
                "{\"op\": \"update\", \"fact_id\": \"f\"}",
                "{\"op\": \"skip\"}",
                "{\"op\": \"add\", \"text\": \"x\", \"when\": \"last week\"}",
                "{\"op\": \"add\", \"text\": \"x\", \"when\": \"2023-05-07..2023-05-01\"}",
                "{\"op\": 3, \"text\": \"x\"}"
            })
    void rejects_a_malformed_decision_and_keeps_the_others(String malformed) {
        FactAnswer answer = FactAnswer.parse(
                "{\"facts\": [" + malformed + ", {\"op\": \"add\", \"text\": \"kept\", \"evidence\": [\"e\"]}]}");

        assertThat(answer.rejected()).isEqualTo(1);
        assertThat(answer.decisions()).extracting(Decision::text).containsExactly("kept");
    }

    @ParameterizedTest
    @ValueSource(strings = {"I can't help with that.", "{\"commands\": []}", "{\"facts\": {}}", "{\"facts\": [}"})
    void an_answer_without_a_fact_list_is_not_an_answer(String answer) {
        assertThatThrownBy(() -> FactAnswer.parse(answer)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void an_empty_list_says_there_is_nothing_to_remember() {
        assertThat(FactAnswer.parse("{\"facts\": []}")).isEqualTo(new FactAnswer(List.of(), 0));
    }
}
