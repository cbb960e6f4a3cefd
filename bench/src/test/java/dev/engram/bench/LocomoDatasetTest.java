package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocomoDatasetTest {

    private final LocomoDataset dataset = Fixture.dataset();

    @Test
    void sessions_come_in_number_order_with_their_dates() {
        Conversation first = dataset.conversations().get(0);
        assertThat(first.sessions()).extracting(Session::number).containsExactly(1, 2);
        assertThat(first.sessions().get(0).id()).isEqualTo("conv-a/session_1");
        assertThat(first.sessions().get(1).startedAt()).isEqualTo(OffsetDateTime.parse("2023-05-10T09:05:00Z"));
    }

    @Test
    void an_image_caption_is_part_of_the_turn_content() {
        Turn withImage = dataset.conversations().get(0).turn("D2:2").orElseThrow();
        assertThat(withImage.content())
                .isEqualTo("Yes! I ran the Boston marathon in four hours. [image: a photo of a finisher medal]");
        assertThat(withImage.retrievedText()).startsWith("Ana: Yes! I ran");
        assertThat(withImage.words()).isEqualTo(17);
        assertThat(dataset.conversations().get(0).turn("D1:1").orElseThrow().content())
                .isEqualTo("Hi Ben, how are things?");
    }

    @Test
    void adversarial_questions_and_questions_without_valid_evidence_are_not_scored() {
        assertThat(dataset.questions()).hasSize(4);
        assertThat(dataset.questions()).extracting(Question::category).doesNotContain(5);
        assertThat(dataset.excludedAdversarial()).isEqualTo(1);
        assertThat(dataset.skippedWithoutEvidence()).isEqualTo(2);
    }

    @Test
    void adversarial_questions_are_kept_without_evidence_for_the_relevance_measurement() {
        assertThat(dataset.adversarial()).hasSize(1);
        Question adversarial = dataset.adversarial().get(0);
        assertThat(adversarial.sampleId()).isEqualTo("conv-a");
        assertThat(adversarial.text()).isEqualTo("What did Ben's cat eat?");
        assertThat(adversarial.category()).isEqualTo(5);
        assertThat(adversarial.evidence()).isEmpty();
    }

    @Test
    void evidence_is_normalized_against_the_questions_own_conversation() {
        assertThat(dataset.questions())
                .extracting(Question::evidence)
                .containsExactly(List.of("D1:2"), List.of("D2:2", "D1:3"), List.of("D1:3"), List.of("D1:1", "D1:2"));
        assertThat(dataset.questions().get(3).sampleId()).isEqualTo("conv-b");
    }

    @Test
    void every_turn_is_counted() {
        assertThat(dataset.turnCount()).isEqualTo(8);
    }
}
