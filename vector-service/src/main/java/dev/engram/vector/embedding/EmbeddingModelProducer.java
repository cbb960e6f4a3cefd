package dev.engram.vector.embedding;

import dev.engram.vector.config.VectorConfig;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Produces the configured embedding model once per application. */
@ApplicationScoped
public class EmbeddingModelProducer {

    /** Resolved at start so that a misspelt model name stops the service instead of its first request. */
    @Produces
    @Singleton
    @Startup
    EmbeddingModelChoice embeddingModelChoice(VectorConfig config) {
        return EmbeddingModelChoice.fromId(config.embedding().model());
    }

    /** Loaded at start: reading the ONNX weights takes seconds and would stall the first request. */
    @Produces
    @Singleton
    @Startup
    EmbeddingModel embeddingModel(EmbeddingModelChoice choice) {
        long started = System.nanoTime();
        EmbeddingModel model = choice.load();
        Log.infof("Embedding model %s loaded in %d ms", choice.id(), (System.nanoTime() - started) / 1_000_000);
        return model;
    }
}
