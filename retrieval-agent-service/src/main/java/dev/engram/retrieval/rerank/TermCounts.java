package dev.engram.retrieval.rerank;

import java.util.HashMap;
import java.util.Map;

/**
 * A text as BM25 sees it: how often each analyzed term occurs in it, and how many terms it has.
 *
 * @param counts occurrences per term
 * @param length all terms, repeats included
 */
record TermCounts(Map<String, Integer> counts, int length) {

    TermCounts {
        counts = Map.copyOf(counts);
    }

    static TermCounts of(Iterable<String> terms) {
        Map<String, Integer> counts = new HashMap<>();
        int length = 0;
        for (String term : terms) {
            counts.merge(term, 1, Integer::sum);
            length++;
        }
        return new TermCounts(counts, length);
    }

    int count(String term) {
        return counts.getOrDefault(term, 0);
    }
}
