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

    // EnglishAnalyzer is thread-safe: it hands each thread its own token stream.
    private final Analyzer analyzer = new EnglishAnalyzer();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[] score(String query, List<RerankCandidate> candidates) {
        Set<String> queryTerms = new LinkedHashSet<>(terms(query));
        List<Map<String, Integer>> frequencies = new ArrayList<>(candidates.size());
        Map<String, Integer> documentFrequency = new HashMap<>();
        double totalLength = 0;
        int[] lengths = new int[candidates.size()];
        for (int i = 0; i < candidates.size(); i++) {
            List<String> terms = terms(candidates.get(i).text());
            lengths[i] = terms.size();
            totalLength += terms.size();
            Map<String, Integer> tf = new HashMap<>();
            for (String term : terms) {
                if (queryTerms.contains(term)) {
                    tf.merge(term, 1, Integer::sum);
                }
            }
            tf.keySet().forEach(term -> documentFrequency.merge(term, 1, Integer::sum));
            frequencies.add(tf);
        }
        double averageLength = candidates.isEmpty() ? 1 : Math.max(1, totalLength / candidates.size());
        double[] scores = new double[candidates.size()];
        for (int i = 0; i < scores.length; i++) {
            double norm = K1 * (1 - B + B * lengths[i] / averageLength);
            for (Map.Entry<String, Integer> entry : frequencies.get(i).entrySet()) {
                int df = documentFrequency.get(entry.getKey());
                double idf = Math.log(1 + (candidates.size() - df + 0.5) / (df + 0.5));
                double tf = entry.getValue();
                scores[i] += idf * tf * (K1 + 1) / (tf + norm);
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
