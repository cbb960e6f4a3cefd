package dev.engram.vector.grpc;

/** A request field that breaks the contract; answered with INVALID_ARGUMENT naming the field. */
public final class InvalidFieldException extends RuntimeException {

    private final String field;
    private final String reason;

    public InvalidFieldException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    String reason() {
        return reason;
    }
}
