package dev.engram.retrieval.rerank.crossencoder;

import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.scoring.ScoringModel;
import dev.langchain4j.model.scoring.onnx.OnnxScoringModel;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Builds the configured cross-encoder, if any. A configuration that names a cross-encoder which
 * cannot work (a missing model file, two models at once) is an error here, at startup, rather than
 * a reranker that silently never runs.
 */
public final class CrossEncoderModels {

    static final String PREFIX = "engram.retrieval.cross-encoder.";

    private CrossEncoderModels() {}

    /** The configured cross-encoder, or empty when none is configured. */
    public static Optional<ScoringModel> fromConfig(CrossEncoderConfig config) {
        if (config.onnxModel().isPresent() && config.url().isPresent()) {
            throw new IllegalStateException(
                    "Set either " + PREFIX + "onnx-model or " + PREFIX + "url for the cross-encoder, not both");
        }
        if (config.timeout().isNegative() || config.timeout().isZero()) {
            throw new IllegalStateException(PREFIX + "timeout must be positive, not " + config.timeout());
        }
        if (config.maxTextChars() < 1) {
            throw new IllegalStateException(PREFIX + "max-text-chars must be positive, not " + config.maxTextChars());
        }
        if (config.onnxModel().isEmpty()) {
            requireUnset(config.onnxTokenizer(), "onnx-tokenizer", "onnx-model");
        }
        if (config.url().isEmpty()) {
            requireUnset(config.model(), "model", "url");
            requireUnset(config.apiKey(), "api-key", "url");
        }
        if (config.onnxModel().isPresent()) {
            return Optional.of(onnx(config));
        }
        if (config.url().isPresent()) {
            return Optional.of(remote(config));
        }
        return Optional.empty();
    }

    private static ScoringModel onnx(CrossEncoderConfig config) {
        Path model = config.onnxModel().orElseThrow();
        requireFile(model, PREFIX + "onnx-model");
        Path tokenizer = config.onnxTokenizer().orElseGet(() -> model.resolveSibling("tokenizer.json"));
        requireFile(
                tokenizer,
                config.onnxTokenizer().isPresent()
                        ? PREFIX + "onnx-tokenizer"
                        : PREFIX + "onnx-tokenizer (unset, so beside the model)");
        if (config.onnxMaxTokens() < 3) {
            throw new IllegalStateException(
                    PREFIX + "onnx-max-tokens must be at least 3, not " + config.onnxMaxTokens());
        }
        try {
            // OnnxScoringModel cuts pairs to two tokens below the length it is given.
            return new OnnxScoringModel(
                    model.toString(),
                    new OrtSession.SessionOptions(),
                    tokenizer.toString(),
                    config.onnxMaxTokens() + 2,
                    false);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "Could not load the cross-encoder " + model + " with tokenizer " + tokenizer + " (" + PREFIX
                            + "onnx-model): " + e.getMessage(),
                    e);
        }
    }

    private static ScoringModel remote(CrossEncoderConfig config) {
        URI url = config.url().orElseThrow();
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null) {
            throw new IllegalStateException(PREFIX + "url must be an http(s) URL with a host, not " + url);
        }
        return new RemoteRerankScoringModel(url, config.model(), config.apiKey(), config.timeout());
    }

    private static void requireFile(Path path, String key) {
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new IllegalStateException(key + " is " + path.toAbsolutePath() + ", which is not a readable file");
        }
    }

    private static void requireUnset(Optional<?> value, String key, String needed) {
        if (value.isPresent()) {
            throw new IllegalStateException(PREFIX + key + " is set but " + PREFIX + needed
                    + " is not, so there is no cross-encoder to apply it to");
        }
    }
}
