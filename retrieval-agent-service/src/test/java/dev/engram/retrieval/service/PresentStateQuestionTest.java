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
                "How often do I see my therapist? | true",
                "How many of the recipes have I tried so far? | true",
                "What is Caroline's favourite colour? | true",
                "Where did Dana live in 2019? | false",
                "Where do I initially keep my old sneakers? | false",
                "When did Melanie paint a sunrise? | false",
                "What was the name of the first dog? | false",
                "Where did we go two years ago? | false",
                "Melanie's plans for the summer | false",
            })
    void a_question_asks_about_the_present_by_its_markers_and_tense(String question, boolean present) {
        assertThat(PresentStateQuestion.asks(question)).isEqualTo(present);
    }
}
