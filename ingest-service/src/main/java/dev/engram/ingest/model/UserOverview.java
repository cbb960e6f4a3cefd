package dev.engram.ingest.model;

import java.time.Instant;

/** One user of a project as a listing shows it: how much of their memory is stored and searchable, and since when. */
public record UserOverview(String userId, long stored, long indexed, long sessions, Instant lastEpisodeAt) {}
