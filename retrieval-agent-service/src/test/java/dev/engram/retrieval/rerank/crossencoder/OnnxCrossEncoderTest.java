package dev.engram.retrieval.rerank.crossencoder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local path end to end — configuration, tokenizer, ONNX Runtime, scores back in candidate order
 * — on {@link TinyCrossEncoder}, whose logit counts {@code paris} in the passage.
 */
class OnnxCrossEncoderTest {

    @TempDir
    Path directory;

    @Test
    void a_local_onnx_cross_encoder_scores_each_passage_against_the_query() throws Exception {
        Path model = TinyCrossEncoder.writeTo(directory);
        CrossEncoderReranker reranker =
                new CrossEncoderReranker(CrossEncoderConfigs.of(Map.of("onnx-model", model.toString())));

        double[] scores = reranker.score(
                "Where is Paris?",
                Candidates.of(
                        "Caroline: I went to Lyon",
                        "Melanie: Paris, Paris and Paris again",
                        "Caroline: Paris is the city of light"));

        // Only the passage counts, not the query, and padding of the shorter pairs counts for nothing.
        assertThat(reranker.available()).isTrue();
        assertThat(scores).containsExactly(0.0, 3.0, 1.0);
        reranker.close();
    }

    @Test
    void pairs_longer_than_onnx_max_tokens_are_cut_before_the_model_reads_them() throws Exception {
        Path model = TinyCrossEncoder.writeTo(directory);
        CrossEncoderReranker reranker = new CrossEncoderReranker(
                CrossEncoderConfigs.of(Map.of("onnx-model", model.toString(), "onnx-max-tokens", "8")));

        double[] scores = reranker.score("paris", Candidates.of("Caroline: paris paris paris paris paris paris"));

        // [CLS] paris [SEP] caroline : paris paris [SEP]
        assertThat(scores).containsExactly(2.0);
        reranker.close();
    }
}
