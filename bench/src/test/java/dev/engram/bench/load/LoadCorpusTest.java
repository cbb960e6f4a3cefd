package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.bench.Fixture;
import dev.engram.bench.Turn;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadCorpusTest {

    @Test
    void a_locomo_file_gives_its_turns_in_conversation_order_and_its_scored_questions() {
        LoadCorpus corpus = LoadCorpus.of(Fixture.dataset(), "fixture");

        assertThat(corpus.turns())
                .extracting(Turn::diaId)
                .containsExactly("D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3", "D1:1", "D1:2");
        assertThat(corpus.turns().get(4).content())
                .isEqualTo("Yes! I ran the Boston marathon in four hours. [image: a photo of a finisher medal]");
        assertThat(corpus.questions())
                .containsExactly(
                        "What is the name of Ben's puppy?",
                        "Which marathon did Ana run?",
                        "What instrument does Ana learn?",
                        "What did Cleo's puppy chew?");
    }

    @Test
    void text_without_questions_cannot_drive_searches() {
        assertThatThrownBy(() -> new LoadCorpus("empty", List.of(new Turn("D1:1", "Ana", "Hi", null)), List.of()))
                .hasMessage("empty has 1 turns and 0 questions; a load run needs both");
    }
}
