package dev.engram.ingest.model;

/**
 * A short-term memory leased to one summarizer. {@code changes} is the row's change count when it was
 * claimed: once the round has seen everything, the row is no longer due unless episodes came since.
 */
public record ShortTermClaim(long id, ShortTermKey key, long changes, String token) {}
