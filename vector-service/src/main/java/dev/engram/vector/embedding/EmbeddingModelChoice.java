package dev.engram.vector.embedding;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The in-process ONNX embedding models the service can run, named as in configuration. */
public enum EmbeddingModelChoice {
    ALL_MINILM_L6_V2("all-minilm-l6-v2", AllMiniLmL6V2EmbeddingModel::new),
    BGE_SMALL_EN_V15("bge-small-en-v1.5", BgeSmallEnV15EmbeddingModel::new);

    private final String id;
    private final Supplier<EmbeddingModel> factory;

    EmbeddingModelChoice(String id, Supplier<EmbeddingModel> factory) {
        this.id = id;
        this.factory = factory;
    }

    /** The configuration value, also the name of the model's index directory. */
    public String id() {
        return id;
    }

    /** Loads the model; the ONNX weights and tokenizer are read from the model's jar. */
    public EmbeddingModel load() {
        return factory.get();
    }

    public static EmbeddingModelChoice fromId(String id) {
        return Arrays.stream(values())
                .filter(choice -> choice.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("engram.vector.embedding.model: unknown model '" + id
                        + "', expected one of: "
                        + Arrays.stream(values()).map(EmbeddingModelChoice::id).collect(Collectors.joining(", "))));
    }
}
