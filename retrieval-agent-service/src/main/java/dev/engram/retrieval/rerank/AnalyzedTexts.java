package dev.engram.retrieval.rerank;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The term counts of recently reranked texts. A search reranks its clusters once per query it asked, and a
 * user's next searches meet many of the same turns again, while analysing a text (tokenising, stop words,
 * stemming) costs far more than finding it here. Bounded: the least recently used text leaves first.
 */
final class AnalyzedTexts {

    private final int capacity;
    private final Function<String, TermCounts> analyze;
    private final Map<String, TermCounts> recent;

    AnalyzedTexts(int capacity, Function<String, TermCounts> analyze) {
        this.capacity = capacity;
        this.analyze = analyze;
        this.recent = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, TermCounts> eldest) {
                return size() > AnalyzedTexts.this.capacity;
            }
        };
    }

    TermCounts of(String text) {
        synchronized (recent) {
            TermCounts known = recent.get(text);
            if (known != null) {
                return known;
            }
        }
        // Analysed outside the lock; two threads meeting the same new text both analyse it, with one result.
        TermCounts counted = analyze.apply(text);
        synchronized (recent) {
            recent.put(text, counted);
        }
        return counted;
    }

    int size() {
        synchronized (recent) {
            return recent.size();
        }
    }
}
