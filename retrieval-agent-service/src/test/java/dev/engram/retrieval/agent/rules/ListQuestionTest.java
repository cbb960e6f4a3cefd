package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ListQuestionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "What activities does Melanie partake in? | What activities does",
                "Which cities has Jon visited? | Which cities has",
                "What European countries has Maria been to? | What European countries has",
                "What LGBTQ+ events has Caroline participated in? | What LGBTQ+ events has",
                "What types of pottery have Melanie and her kids made? | What types of pottery have",
                "What musical artists/bands has Melanie seen? | What musical artists/bands has",
                "What events for veterans has John participated in? | What events for veterans has",
                "What areas of the U.S. has John been to? | What areas of the U.S. has",
                "what books did she read last year? | what books did",
                "How many times has Melanie gone to the beach in 2023? | How many",
                "What activities hasn't Melanie tried yet? | What activities hasn't",
                "What are some changes Caroline has faced? | What are some",
                "What are the names of John's children? | What are the names",
                "What are Maria's dogs' names? | What are Maria's dogs' names?",
            })
    void a_question_asking_for_several_things_of_a_kind_is_recognised_by_its_cue(String question, String cue) {
        assertThat(ListQuestion.cue(question)).contains(cue);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "What is Caroline's relationship status?",
                "What do sunflowers represent according to Caroline?",
                "Which song motivates Caroline to be courageous?",
                "What topic has John been blogging about recently?",
                "What business does Gina run?",
                "What is the name of Melanie's dog?",
                "When did Melanie go camping?",
                "Where has Melanie camped?",
                "What does Jon's dance studio offer?",
                "What fields would Caroline be likely to pursue in her education?",
                "How many weeks passed between Maria adopting Coco and Shadow?",
                "What kind of carrots is Nadia growing?",
                "What type of flowers did Caroline plant?",
                "How many years ago did Caroline move from Sweden?",
                "What exciting news did Maria share last week?",
                "What are Caroline's plans for the summer break?",
            })
    void a_question_about_one_thing_has_no_cue(String question) {
        assertThat(ListQuestion.cue(question)).isEmpty();
    }
}
