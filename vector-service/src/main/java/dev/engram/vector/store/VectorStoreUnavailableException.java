package dev.engram.vector.store;

/**
 * The store could not be reached in time. Unlike other failures, repeating the call later may succeed,
 * so callers see it as UNAVAILABLE rather than as an internal error.
 */
public class VectorStoreUnavailableException extends RuntimeException {

    public VectorStoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
