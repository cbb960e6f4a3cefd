package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FlatBm25BaselineTest {

    private final LocomoDataset dataset = Fixture.dataset();

    @Test
    void the_turn_that_shares_the_rare_words_ranks_first() {
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), 50)) {
            Question puppy = new Question("conv-a", "What is the name of Ben's puppy?", 4, List.of("D1:2"));
            assertThat(bm25.rank(puppy)).first().isEqualTo("D1:2");
            Question marathon = new Question("conv-a", "How many hours for the Boston marathon?", 1, List.of("D2:2"));
            assertThat(bm25.rank(marathon)).first().isEqualTo("D2:2");
        }
    }

    @Test
    void the_image_caption_is_searchable() {
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), 50)) {
            Question medal = new Question("conv-a", "Who has a medal?", 4, List.of("D2:2"));
            assertThat(bm25.rank(medal)).containsExactly("D2:2");
        }
    }

    @Test
    void a_question_naming_a_speaker_prefers_that_speakers_turns() {
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), 50)) {
            Question dan = new Question("conv-b", "What did Dan say about chewing?", 3, List.of("D1:2"));
            assertThat(bm25.rank(dan)).containsExactly("D1:2", "D1:1");
        }
    }

    @Test
    void a_question_only_sees_its_own_conversation() {
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), 50)) {
            // conv-b has shoes and chew toys; conv-a has neither, so nothing matches there.
            Question shoes = new Question("conv-a", "chewed shoes toy", 3, List.of("D1:1"));
            assertThat(bm25.rank(shoes)).isEmpty();
            Question sameInB = new Question("conv-b", "chewed shoes toy", 3, List.of("D1:1"));
            assertThat(bm25.rank(sameInB)).containsExactlyInAnyOrder("D1:1", "D1:2");
        }
    }

    @Test
    void the_ranked_list_stops_at_the_depth() {
        try (FlatBm25Baseline bm25 = new FlatBm25Baseline(dataset.conversations(), 2)) {
            Question broad = new Question("conv-a", "Ana Ben marathon puppy violin things", 4, List.of("D1:2"));
            assertThat(bm25.rank(broad)).hasSize(2);
        }
    }
}
