package dev.engram.retrieval.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PresentStateQuestionTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Where does Dana live now? | true",
                "What is his current job? | true",
                "Is she still working at the hospital? | true",
                "Which lens did I buy most recently? | true",
                "What brand of sauce am I obsessed with these days? | true",
                "How many of the recipes have I tried so far? | true",
                "Where is the painting currently hanging? | true",
                "What is Caroline's favourite colour? | false",
                "How often do I see my therapist? | false",
                "Where did Dana live in 2019? | false",
                "What is John currently doing as a volunteer in August 2023? | false",
                "When did Melanie paint a sunrise? | false",
                "Melanie's plans for the summer | false",
            })
    void a_question_asks_about_the_present_by_an_explicit_marker_and_names_no_period_of_its_own(
            String question, boolean present) {
        assertThat(PresentStateQuestion.asks(question)).isEqualTo(present);
    }
}
