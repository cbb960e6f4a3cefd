package dev.engram.gateway.client;

/** A downstream service answered something its contract does not allow. */
public class DownstreamProtocolException extends RuntimeException {

    public DownstreamProtocolException(String message) {
        super(message);
    }
}
