package dev.engram.bench;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The in-process embedding models a dense baseline can use, named as in the vector service's configuration. */
public enum BaselineModel {
    ALL_MINILM_L6_V2("all-minilm-l6-v2", AllMiniLmL6V2EmbeddingModel::new),
    BGE_SMALL_EN_V15("bge-small-en-v1.5", BgeSmallEnV15EmbeddingModel::new);

    private final String id;
    private final Supplier<EmbeddingModel> factory;

    BaselineModel(String id, Supplier<EmbeddingModel> factory) {
        this.id = id;
        this.factory = factory;
    }

    public String id() {
        return id;
    }

    /** Loads the ONNX weights and tokenizer from the model's jar. */
    public EmbeddingModel load() {
        return factory.get();
    }

    public static BaselineModel fromId(String id) {
        return Arrays.stream(values())
                .filter(model -> model.id.equals(id.trim()))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown baseline model '" + id + "', expected one of: "
                        + Arrays.stream(values()).map(BaselineModel::id).collect(Collectors.joining(", "))));
    }
}
