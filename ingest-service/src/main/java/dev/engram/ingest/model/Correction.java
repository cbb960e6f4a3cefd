package dev.engram.ingest.model;

/** The outcome of a correction: the episode as stored now, and whether anything of it changed. */
public record Correction(StoredEpisode episode, boolean changed) {}
