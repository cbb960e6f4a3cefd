package dev.engram.retrieval.rerank.crossencoder;

/**
 * A cross-encoder could not score a search: the rerank server failed, was late or answered with
 * something other than one score per passage, or the local model failed. The rerank stage leaves
 * the cross-encoder out of that search and goes on with the other rerankers.
 */
public class CrossEncoderException extends RuntimeException {

    public CrossEncoderException(String message) {
        super(message);
    }

    public CrossEncoderException(String message, Throwable cause) {
        super(message, cause);
    }
}
