package dev.engram.bench;

import java.util.SortedMap;

/**
 * How one retriever scored: over all questions and per LoCoMo category.
 *
 * @param cost what its searches cost; null when not measured
 */
public record RetrieverResult(
        String name, RecallScores overall, SortedMap<Integer, RecallScores> byCategory, SearchCost cost) {}
