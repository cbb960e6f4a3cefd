package dev.engram.retrieval.client;

import io.grpc.Status;

/** A call to another service failed; carries that service's name and the status it ended with. */
public class DownstreamFailure extends RuntimeException {

    private final String service;
    private final Status status;

    public DownstreamFailure(String service, Throwable cause) {
        super(service + " failed: " + describe(Status.fromThrowable(cause)), cause);
        this.service = service;
        this.status = Status.fromThrowable(cause);
    }

    public String service() {
        return service;
    }

    public Status status() {
        return status;
    }

    private static String describe(Status status) {
        return status.getDescription() == null
                ? status.getCode().name()
                : status.getCode() + " " + status.getDescription();
    }
}
