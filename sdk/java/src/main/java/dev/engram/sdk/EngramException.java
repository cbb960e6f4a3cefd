package dev.engram.sdk;

import java.util.List;

/**
 * A call Engram refused or could not serve, as the problem document it answered: status, title, detail and every
 * offending field. {@code status} is 0 when no answer came (the gateway was unreachable, or the call timed out).
 */
public final class EngramException extends RuntimeException {

    /** One offending field of a request and what is wrong with it. */
    public record FieldError(String field, String message) {}

    private final int status;
    private final String title;
    private final String detail;
    private final List<FieldError> errors;

    public EngramException(int status, String title, String detail, List<FieldError> errors, Throwable cause) {
        super(describe(status, title, detail, errors), cause);
        this.status = status;
        this.title = title;
        this.detail = detail;
        this.errors = List.copyOf(errors);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return detail;
    }

    public List<FieldError> errors() {
        return errors;
    }

    private static String describe(int status, String title, String detail, List<FieldError> errors) {
        StringBuilder text = new StringBuilder().append(status).append(' ').append(title);
        if (detail != null && !detail.isEmpty()) {
            text.append(": ").append(detail);
        }
        errors.forEach(
                error -> text.append("\n  ").append(error.field()).append(": ").append(error.message()));
        return text.toString();
    }
}
