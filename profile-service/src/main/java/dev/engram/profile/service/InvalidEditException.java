package dev.engram.profile.service;

/** A manual edit that contradicts the stored profile; {@code field} names the request field at fault. */
public class InvalidEditException extends RuntimeException {

    private final String field;

    public InvalidEditException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
