package dev.engram.vector.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/** The terms an analyzer makes of a text: what the index stores of it, and what a query can match. */
public final class AnalyzedTerms {

    private AnalyzedTerms() {}

    /** The distinct terms of {@code text} as analyzed for {@code field}, in order of appearance, at most {@code limit}. */
    public static Set<String> of(Analyzer analyzer, String field, String text, int limit) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream tokens = analyzer.tokenStream(field, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken() && terms.size() < limit) {
                terms.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analyzing a text", e);
        }
        return terms;
    }
}
