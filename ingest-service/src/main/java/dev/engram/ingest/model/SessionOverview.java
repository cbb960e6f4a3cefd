package dev.engram.ingest.model;

import java.time.Instant;

/** One session of a user as a listing shows it: how many episodes it holds and the time they span. */
public record SessionOverview(String sessionId, long episodes, Instant firstEpisodeAt, Instant lastEpisodeAt) {}
