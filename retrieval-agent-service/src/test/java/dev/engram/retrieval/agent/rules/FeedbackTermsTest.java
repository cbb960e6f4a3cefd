package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FeedbackTermsTest {

    private final FeedbackTerms feedback = new FeedbackTerms();

    @Test
    void terms_shared_by_the_evidence_and_names_come_first() {
        List<String> evidence = List.of(
                "Caroline: My sister Anna just adopted a puppy.",
                "Melanie: Anna sent me puppy pictures from Denver!",
                "Caroline: The weather was nice.");

        List<String> terms = feedback.pick("What is the name of Caroline's sister's dog?", Set.of(), evidence, 3);

        assertThat(terms).containsExactly("Anna", "puppy", "adopted");
    }

    @Test
    void words_of_the_question_speakers_filler_and_known_terms_are_skipped() {
        List<String> evidence = List.of("Caroline: Yeah, really great! Sister Anna loves hiking.");

        List<String> terms = feedback.pick("Where did Caroline's sister go?", Set.of("anna"), evidence, 5);

        assertThat(terms).containsExactly("hiking");
    }

    @Test
    void no_evidence_gives_no_terms() {
        assertThat(feedback.pick("Where?", Set.of(), List.of(), 4)).isEmpty();
    }
}
