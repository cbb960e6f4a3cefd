package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.embedding.text.SentenceSplitter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScaleConversationsTest {

    private static final SentenceSplitter SENTENCES = new SentenceSplitter();

    @Test
    void one_user_of_a_hundred_thousand_sentences_rarely_says_one_twice() {
        List<String> sentences = sentencesOfOneUser(new Random(1), 100_000);
        Set<String> distinct = new HashSet<>(sentences);

        assertThat(distinct.size()).isGreaterThan(95 * sentences.size() / 100);
    }

    @Test
    void turns_are_whole_sentences_with_every_slot_filled_and_the_same_for_a_seed() {
        List<String> turns = new ArrayList<>();
        List<String> again = new ArrayList<>();
        Random random = new Random(7);
        Random same = new Random(7);
        for (int t = 0; t < 2_000; t++) {
            turns.add(ScaleConversations.turn(random, "Maya"));
            again.add(ScaleConversations.turn(same, "Maya"));
        }
        long sentences =
                turns.stream().mapToLong(turn -> SENTENCES.split(turn).size()).sum();

        assertThat(again).isEqualTo(turns);
        assertThat(turns)
                .allSatisfy(
                        turn -> assertThat(turn).doesNotContain("{", "}", "  ").matches(".*[.!?]$"));
        assertThat(turns).anyMatch(turn -> turn.startsWith("Maya, "));
        // About 1.4 sentences a turn, as the load runs' generated turns.
        assertThat(sentences).isBetween(2_600L, 3_000L);
    }

    @Test
    void questions_ask_about_the_given_speaker() {
        Random random = new Random(3);
        for (int q = 0; q < 200; q++) {
            assertThat(ScaleConversations.question(random, "Omar"))
                    .contains("Omar")
                    .doesNotContain("{")
                    .endsWith("?");
        }
    }

    private static List<String> sentencesOfOneUser(Random random, int count) {
        List<String> speakers = SyntheticConversations.pair(random);
        List<String> sentences = new ArrayList<>();
        for (int t = 0; sentences.size() < count; t++) {
            sentences.addAll(SENTENCES.split(ScaleConversations.turn(random, speakers.get((t + 1) % 2))));
        }
        return sentences;
    }
}
