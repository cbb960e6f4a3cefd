package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FirstPersonTest {

    private final FirstPerson firstPerson = new FirstPerson();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "What has Melanie painted? | I painted",
                "Where did Melanie's sister move? | my sister move",
                "What types of pottery have Melanie and her kids made? | pottery I and my kids made",
                "How many times has Melanie gone to the beach in 2023? | I gone to the beach in 2023",
                "When did Melanie say she would visit? | Melanie say I would visit",
                "Who supports Melanie when she has a bad day? | supports me when I have a bad day",
                "What did Caroline give to Melanie? | Caroline give to me",
                "What activities does Melanie partake in? | activities I partake in",
            })
    void states_the_question_the_way_the_person_would(String question, String statement) {
        String person = question.contains("say") ? "Mel" : "Melanie";

        assertThat(firstPerson.rewrite(question, person)).isEqualTo(statement);
    }

    @ParameterizedTest
    @CsvSource({"Who is Melanie?", "Melanie?"})
    void a_question_with_nothing_but_the_person_gives_nothing(String question) {
        assertThat(firstPerson.rewrite(question, "Melanie")).isEmpty();
    }
}
