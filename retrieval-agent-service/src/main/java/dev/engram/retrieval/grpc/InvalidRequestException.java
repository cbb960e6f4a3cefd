package dev.engram.retrieval.grpc;

import java.util.List;
import java.util.stream.Collectors;

/** A request broke the contract; lists every field at fault, not just the first. */
public class InvalidRequestException extends RuntimeException {

    public record Violation(String field, String message) {}

    private final List<Violation> violations;

    public InvalidRequestException(List<Violation> violations) {
        super(violations.stream().map(v -> v.field() + " " + v.message()).collect(Collectors.joining("; ")));
        this.violations = List.copyOf(violations);
    }

    public List<Violation> violations() {
        return violations;
    }
}
