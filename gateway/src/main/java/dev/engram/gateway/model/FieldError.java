package dev.engram.gateway.model;

/** One invalid field, named by its JSON path, e.g. {@code episodes[3].timestamp}. */
public record FieldError(String field, String message) {}
