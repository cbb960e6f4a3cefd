package dev.engram.ingest.model;

import java.util.List;

/** A requested episode with its session neighbours, in session order (timestamp, then arrival). */
public record ContextWindow(String episodeId, List<StoredEpisode> episodes) {}
