package dev.engram.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SentenceEncoderTest {

    private static final List<String> TEXTS = List.of(
            "Caroline went to the LGBTQ support group yesterday.",
            "Hi!",
            "Melanie painted a sunrise over the lake in 2022, and she said it was the calmest morning of her summer.",
            "What did you think of the pottery class?",
            "ok",
            "I'm planning to run a charity race for mental health next month; want to join me?");

    @Test
    void batchedVectorsEqualTheOnesOfOneRunPerText() {
        assertSameVectorsAs(EncoderModel.ALL_MINILM_L6_V2, AllMiniLmL6V2EmbeddingModel::new);
    }

    @Test
    void clsPoolingModelsToo() {
        assertSameVectorsAs(EncoderModel.BGE_SMALL_EN_V15, BgeSmallEnV15EmbeddingModel::new);
    }

    @Test
    void aQuantizedModelGivesEachTextTheVectorOfItsOwnRun() {
        // Batched, its activations' quantization scale would be shared with the batch-mates (cosine 0.95-0.99).
        assertSameVectorsAs(EncoderModel.ALL_MINILM_L6_V2_Q, AllMiniLmL6V2QuantizedEmbeddingModel::new);
        try (SentenceEncoder encoder =
                SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2_Q, new EncoderSettings(1, 32))) {
            assertThat(encoder.textsPerRun()).isEqualTo(1);
        }
    }

    @Test
    void theQuantizedModelStaysCloseToTheFullOne() {
        try (SentenceEncoder full = SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2, new EncoderSettings(1, 8));
                SentenceEncoder quantized =
                        SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2_Q, new EncoderSettings(1, 8))) {
            List<float[]> exact = full.embedAll(TEXTS);
            List<float[]> close = quantized.embedAll(TEXTS);
            for (int i = 0; i < TEXTS.size(); i++) {
                assertThat(cosine(close.get(i), exact.get(i))).isGreaterThan(0.95);
            }
        }
    }

    @Test
    void aTextLongerThanTheModelsPositionsIsReadInWindows() {
        String paragraph = "The hikers followed the river north, counting herons and arguing about the map. ";
        String longText = paragraph.repeat(40);
        String otherTopic = "My daughter's piano recital moved to Saturday afternoon.";
        try (SentenceEncoder encoder = SentenceEncoder.open(EncoderModel.BGE_SMALL_EN_V15, new EncoderSettings(1, 8))) {
            List<float[]> vectors = encoder.embedAll(List.of(longText, paragraph, otherTopic));
            float[] reference =
                    new BgeSmallEnV15EmbeddingModel().embed(longText).content().vector();

            assertThat(norm(vectors.get(0))).isCloseTo(1.0, Offset.offset(1e-5));
            assertThat(cosine(vectors.get(0), reference)).isGreaterThan(0.99);
            assertThat(cosine(vectors.get(0), vectors.get(1)))
                    .isGreaterThan(cosine(vectors.get(0), vectors.get(2)) + 0.3);
        }
    }

    @Test
    void aModelThatTruncatesReadsWhatItWasTrainedOn() {
        String longText = "Our road trip went through four states and two national parks. ".repeat(30);
        try (SentenceEncoder encoder = SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2, new EncoderSettings(1, 8))) {
            float[] reference =
                    new AllMiniLmL6V2EmbeddingModel().embed(longText).content().vector();

            assertThat(encoder.embed(longText)).containsExactly(reference, Offset.offset(1e-5f));
        }
    }

    @Test
    void theBatchSizeDoesNotChangeTheVectors() {
        List<String> many = IntStream.range(0, 40)
                .mapToObj(i -> TEXTS.get(i % TEXTS.size()) + " (" + i + ")")
                .toList();
        try (SentenceEncoder single = SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2, new EncoderSettings(1, 1));
                SentenceEncoder batched =
                        SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2, new EncoderSettings(2, 16))) {
            List<float[]> one = single.embedAll(many);
            List<float[]> sixteen = batched.embedAll(many);
            for (int i = 0; i < many.size(); i++) {
                assertThat(sixteen.get(i)).containsExactly(one.get(i), Offset.offset(1e-5f));
            }
            assertThat(batched.embed(many.get(7))).containsExactly(one.get(7), Offset.offset(1e-5f));
        }
    }

    @Test
    void blankTextsAndBadSettingsAreRefused() {
        try (SentenceEncoder encoder = SentenceEncoder.open(EncoderModel.ALL_MINILM_L6_V2, new EncoderSettings(1, 4))) {
            assertThat(encoder.dimension()).isEqualTo(384);
            assertThatThrownBy(() -> encoder.embedAll(List.of("fine", " ")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("blank");
        }
        assertThatThrownBy(() -> new EncoderSettings(0, 4)).hasMessageContaining("threads");
        assertThatThrownBy(() -> new EncoderSettings(1, 0)).hasMessageContaining("batch size");
        assertThatThrownBy(() -> EncoderModel.fromId("text-embedding-3-small"))
                .hasMessageContaining("all-minilm-l6-v2, all-minilm-l6-v2-q, bge-small-en-v1.5");
        assertThat(EncoderModel.fromId(" bge-small-en-v1.5")).isEqualTo(EncoderModel.BGE_SMALL_EN_V15);
    }

    private static void assertSameVectorsAs(EncoderModel model, Supplier<EmbeddingModel> reference) {
        EmbeddingModel oneRunPerText = reference.get();
        try (SentenceEncoder encoder = SentenceEncoder.open(model, new EncoderSettings(2, 4))) {
            List<float[]> vectors = encoder.embedAll(TEXTS);
            for (int i = 0; i < TEXTS.size(); i++) {
                float[] expected = oneRunPerText
                        .embedAll(List.of(TextSegment.from(TEXTS.get(i))))
                        .content()
                        .get(0)
                        .vector();
                assertThat(vectors.get(i)).containsExactly(expected, Offset.offset(1e-5f));
            }
            assertThat(encoder.dimension()).isEqualTo(384);
        }
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int d = 0; d < a.length; d++) {
            dot += a[d] * b[d];
        }
        return dot / (norm(a) * norm(b));
    }

    private static double norm(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x * x;
        }
        return Math.sqrt(sum);
    }
}
