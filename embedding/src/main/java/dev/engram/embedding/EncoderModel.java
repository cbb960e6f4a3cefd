package dev.engram.embedding;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The sentence-embedding models Engram runs in-process, named as in configuration. Their ONNX weights and
 * tokenizers come from the langchain4j model jars on the class path; Engram runs them with its own encoder.
 */
public enum EncoderModel {
    ALL_MINILM_L6_V2(
            "all-minilm-l6-v2", "all-minilm-l6-v2.onnx", "all-minilm-l6-v2-tokenizer.json", Pooling.MEAN, true),
    /**
     * The same model with 8-bit integer weights: a query runs about 2.5 times as fast on a CPU, and its vectors are
     * close to the full model's, not equal. Its graph quantizes each run's activations with one scale for the whole
     * input tensor, so a text's vector would depend on the texts batched with it: every text is a run of its own.
     */
    ALL_MINILM_L6_V2_Q(
            "all-minilm-l6-v2-q", "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", Pooling.MEAN, false),
    BGE_SMALL_EN_V15(
            "bge-small-en-v1.5", "bge-small-en-v1.5.onnx", "bge-small-en-v1.5-tokenizer.json", Pooling.CLS, true);

    private final String id;
    private final String weights;
    private final String tokenizer;
    private final Pooling pooling;
    private final boolean batches;

    EncoderModel(String id, String weights, String tokenizer, Pooling pooling, boolean batches) {
        this.id = id;
        this.weights = weights;
        this.tokenizer = tokenizer;
        this.pooling = pooling;
        this.batches = batches;
    }

    /** The configuration value, also the name of the model's index directory. */
    public String id() {
        return id;
    }

    /** Class-path resource of the ONNX graph. */
    String weights() {
        return weights;
    }

    /** Class-path resource of the Hugging Face tokenizer description. */
    String tokenizer() {
        return tokenizer;
    }

    Pooling pooling() {
        return pooling;
    }

    /** Whether texts may share a model run: true when a text's vector does not depend on its batch-mates. */
    boolean batches() {
        return batches;
    }

    /** The model named {@code id} (surrounding blanks ignored). */
    public static EncoderModel fromId(String id) {
        return Arrays.stream(values())
                .filter(model -> model.id.equals(id.trim()))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("unknown embedding model '" + id + "', expected one of: "
                                + Arrays.stream(values()).map(EncoderModel::id).collect(Collectors.joining(", "))));
    }
}
