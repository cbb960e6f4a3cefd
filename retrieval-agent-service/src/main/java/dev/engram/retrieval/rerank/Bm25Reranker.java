package dev.engram.retrieval.rerank;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * Okapi BM25 of the query against each whole cluster, with term statistics taken from the candidates
 * themselves. Unlike the first stage, which scored single turns, this credits a cluster whose turns
 * together cover more of the question — what a question over two adjacent turns needs.
 */
@ApplicationScoped
public class Bm25Reranker implements ClusterReranker {

    public static final String NAME = "bm25";
    private static final double K1 = 1.2;
    private static final double B = 0.75;

    /** About 1,000 clusters of several turns each: a few megabytes. */
    static final int REMEMBERED_TEXTS = 1_024;

    // EnglishAnalyzer is thread-safe: it hands each thread its own token stream.
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final AnalyzedTexts texts = new AnalyzedTexts(REMEMBERED_TEXTS, text -> TermCounts.of(terms(text)));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        Set<String> queryTerms = new LinkedHashSet<>(terms(query));
        List<TermCounts> analyzed = new ArrayList<>(candidates.size());
        Map<String, Integer> documentFrequency = new HashMap<>();
        double totalLength = 0;
        for (RerankCandidate candidate : candidates) {
            TermCounts counts = texts.of(candidate.text());
            analyzed.add(counts);
            totalLength += counts.length();
            queryTerms.stream()
                    .filter(term -> counts.count(term) > 0)
                    .forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
        }
        double averageLength = candidates.isEmpty() ? 1 : Math.max(1, totalLength / candidates.size());
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            TermCounts counts = analyzed.get(i);
            double norm = K1 * (1 - B + B * counts.length() / averageLength);
            for (String term : queryTerms) {
                double tf = counts.count(term);
                if (tf > 0) {
                    int df = documentFrequency.get(term);
                    double idf = Math.log(1 + (candidates.size() - df + 0.5) / (df + 0.5));
                    scores[i] += idf * tf * (K1 + 1) / (tf + norm);
                }
            }
        }
        return scores;
    }

    private List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        try (TokenStream tokens = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                terms.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analyzing text for BM25", e);
        }
        return terms;
    }
}
