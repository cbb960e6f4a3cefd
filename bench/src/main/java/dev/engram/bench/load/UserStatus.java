package dev.engram.bench.load;

/** One answer of {@code GET /v1/memories/status}: a user's episodes stored, searchable, and not yet searchable. */
public record UserStatus(long stored, long indexed, long pending) {}
