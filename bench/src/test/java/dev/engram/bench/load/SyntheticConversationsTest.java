package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.bench.Turn;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SyntheticConversationsTest {

    @Test
    void a_seed_always_gives_the_same_text() {
        LoadCorpus first = SyntheticConversations.corpus(42);
        LoadCorpus again = SyntheticConversations.corpus(42);
        LoadCorpus other = SyntheticConversations.corpus(43);

        assertThat(again.turns()).isEqualTo(first.turns());
        assertThat(again.questions()).isEqualTo(first.questions());
        assertThat(other.turns()).isNotEqualTo(first.turns());
        assertThat(first.source()).isEqualTo("text generated from seed 42");
    }

    @Test
    void conversations_alternate_two_speakers_and_leave_no_slot_unfilled() {
        LoadCorpus corpus = SyntheticConversations.corpus(1);
        List<Turn> turns = corpus.turns();

        assertThat(turns).hasSize(SyntheticConversations.CONVERSATIONS * SyntheticConversations.TURNS_PER_CONVERSATION);
        assertThat(corpus.questions()).hasSize(SyntheticConversations.QUESTIONS);
        assertThat(turns.get(0).diaId()).isEqualTo("G1:1");
        assertThat(turns.get(0).speaker()).isNotEqualTo(turns.get(1).speaker());
        assertThat(turns.get(2).speaker()).isEqualTo(turns.get(0).speaker());
        assertThat(turns)
                .allSatisfy(
                        turn -> assertThat(turn.content()).doesNotContain("{").matches(".*[.!?]$"));
        assertThat(corpus.questions())
                .allSatisfy(question -> assertThat(question).doesNotContain("{").endsWith("?"));
    }

    @Test
    void slots_take_the_given_value_or_a_word_of_their_kind() {
        String text = SyntheticConversations.fill("{other}, try {food}.", new Random(3), Map.of("other", "Maya"));

        assertThat(text).startsWith("Maya, try ").endsWith(".");
        assertThat(text.substring("Maya, try ".length(), text.length() - 1))
                .isIn("ramen", "tamales", "sourdough pizza", "pho", "jollof rice", "pierogi");
    }

    @Test
    void a_slot_without_words_is_an_error_not_a_gap() {
        assertThatThrownBy(() -> SyntheticConversations.fill("I saw {comet}.", new Random(3), Map.of(), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("{comet}");
    }
}
