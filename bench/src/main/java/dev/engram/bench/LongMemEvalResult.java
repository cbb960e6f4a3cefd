package dev.engram.bench;

import java.util.SortedMap;

/**
 * How one retriever scored on LongMemEval: over all scored questions and per question type.
 *
 * @param cost what its searches cost; null when not measured
 */
public record LongMemEvalResult(
        String name, LongMemEvalScores overall, SortedMap<String, LongMemEvalScores> byType, SearchCost cost) {}
