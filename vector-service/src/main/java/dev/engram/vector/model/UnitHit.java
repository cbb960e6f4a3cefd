package dev.engram.vector.model;

import java.time.Instant;

/**
 * A unit that matched a search.
 *
 * @param timestamp null when the episode had none
 * @param score the fused score: higher is better, comparable only within one search
 */
public record UnitHit(
        String episodeId, String sessionId, String unitId, String text, Instant timestamp, double score) {}
