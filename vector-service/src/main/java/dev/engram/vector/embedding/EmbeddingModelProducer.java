package dev.engram.vector.embedding;

import dev.engram.embedding.EncoderModel;
import dev.engram.embedding.EncoderSettings;
import dev.engram.embedding.SentenceEncoder;
import dev.engram.vector.config.VectorConfig;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Produces the configured embedding model once per application. */
@ApplicationScoped
public class EmbeddingModelProducer {

    /** Resolved at start so that a misspelt model name stops the service instead of its first request. */
    @Produces
    @Singleton
    @Startup
    EncoderModel encoderModel(VectorConfig config) {
        try {
            return EncoderModel.fromId(config.embedding().model());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("engram.vector.embedding.model: " + e.getMessage(), e);
        }
    }

    /** Loaded at start: reading the ONNX weights takes seconds and would stall the first request. */
    @Produces
    @Singleton
    @Startup
    SentenceEncoder sentenceEncoder(EncoderModel model, VectorConfig config) {
        EncoderSettings settings = EncoderSettings.of(
                config.embedding().threads(), config.embedding().batchSize());
        long started = System.nanoTime();
        SentenceEncoder encoder = SentenceEncoder.open(model, settings);
        Log.infof(
                "Embedding model %s loaded in %d ms (%d threads, %d texts per run)",
                model.id(), (System.nanoTime() - started) / 1_000_000, settings.threads(), encoder.textsPerRun());
        return encoder;
    }

    @Produces
    @Singleton
    EmbeddingModel embeddingModel(SentenceEncoder encoder) {
        return new EncoderEmbeddingModel(encoder);
    }

    void close(@Disposes SentenceEncoder encoder) {
        encoder.close();
    }
}
