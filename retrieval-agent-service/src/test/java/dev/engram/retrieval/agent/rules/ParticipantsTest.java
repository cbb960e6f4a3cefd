package dev.engram.retrieval.agent.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ParticipantsTest {

    @Test
    void speakers_are_read_from_the_start_of_each_hit() {
        Set<String> speakers = Participants.speakers(List.of(
                "Melanie: I painted a horse.",
                "Caroline shared an image: a sunset over the lake",
                "Mary Ann: see you: soon",
                "no speaker here",
                "Melanie: again"));

        assertThat(speakers).containsExactly("Melanie", "Caroline", "Mary Ann");
    }

    @Test
    void the_one_speaker_named_as_a_whole_word_is_the_person_asked_about() {
        Set<String> speakers = Set.of("Melanie", "Caroline", "Mel");

        assertThat(Participants.theOneNamed("What has Melanie's son painted?", speakers))
                .contains("Melanie");
        assertThat(Participants.theOneNamed("What do Melanie and Caroline like?", speakers))
                .isEmpty();
        assertThat(Participants.theOneNamed("What did Jordan paint?", speakers)).isEmpty();
    }
}
