package dev.engram.retrieval.rerank.crossencoder;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The optional cross-encoder reranker, which reads the query and a cluster together and so judges
 * relevance better than any score computed from them apart. It runs either in process from a local
 * ONNX model ({@code onnx-model}) or on a rerank server ({@code url}); with neither set there is no
 * cross-encoder, and the {@code cross-encoder} reranker is unavailable.
 */
@ConfigMapping(prefix = "engram.retrieval.cross-encoder")
public interface CrossEncoderConfig {

    /**
     * A local cross-encoder exported to ONNX, such as ms-marco-MiniLM-L-6-v2: a BERT-style model
     * that takes {@code input_ids}, {@code attention_mask} (and {@code token_type_ids}) of a
     * query/passage pair and returns one relevance logit per pair. Loaded at startup.
     */
    Optional<Path> onnxModel();

    /** The model's {@code tokenizer.json}; defaults to {@code tokenizer.json} beside the model. */
    Optional<Path> onnxTokenizer();

    /**
     * Longest query/passage pair, in tokens including the special ones, that the local model is fed;
     * longer pairs are cut, longest part first. BERT-style models read at most 512.
     */
    @WithDefault("512")
    int onnxMaxTokens();

    /**
     * Base URL of a server speaking the Jina/Cohere rerank API (vLLM, llama.cpp server, Infinity,
     * hosted APIs), without {@code /v1/rerank}; a URL already ending in {@code /v1} works too.
     */
    Optional<URI> url();

    /** Model the rerank server should use; servers that serve a single model accept none. */
    Optional<String> model();

    /** Sent as a bearer token when set. */
    Optional<String> apiKey();

    /**
     * Longest wait for the rerank server, connecting included. A reranker that is late is left out
     * of that search, so this bounds what a slow server adds to a search.
     */
    @WithDefault("2s")
    Duration timeout();

    /**
     * Characters of a cluster's text given to the cross-encoder. The model reads a few hundred
     * tokens at most, so sending more only costs tokenization and bandwidth.
     */
    @WithDefault("2000")
    int maxTextChars();
}
