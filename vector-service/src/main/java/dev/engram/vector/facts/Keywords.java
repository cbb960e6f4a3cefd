package dev.engram.vector.facts;

import dev.engram.vector.text.AnalyzedTerms;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;

/**
 * The keywords of a statement: its content words stemmed the way the BM25 index stems them (stop words
 * dropped), so a fact about "adopting" and one about "adopted" share a keyword. Named entities are words
 * too, so they are among them. How much a keyword links is decided later, by how rare it is for the user.
 */
public final class Keywords {

    /** Enough for a long sentence; more would only add links through incidental words. */
    static final int MAX_PER_FACT = 16;

    private static final Analyzer ANALYZER = new EnglishAnalyzer();

    private Keywords() {}

    /** The keywords of {@code text}, in order of appearance, leaving out the words of {@code exclude}. */
    public static List<String> of(String text, Set<String> exclude) {
        Set<String> excluded = new LinkedHashSet<>();
        exclude.forEach(word -> excluded.addAll(stems(word, Integer.MAX_VALUE)));
        Set<String> keywords = new LinkedHashSet<>(stems(text, MAX_PER_FACT + excluded.size()));
        keywords.removeAll(excluded);
        return keywords.stream()
                .filter(word -> word.length() > 1)
                .limit(MAX_PER_FACT)
                .toList();
    }

    /** A word as the keywords hold it (stemmed, lower case); empty for a stop word. */
    public static String stem(String word) {
        return stems(word, 1).stream().findFirst().orElse("");
    }

    private static Set<String> stems(String text, int limit) {
        return AnalyzedTerms.of(ANALYZER, "keywords", text, limit);
    }
}
