package dev.engram.vector.store.qdrant;

import io.qdrant.client.grpc.Points.SparseVector;
import io.qdrant.client.grpc.Points.Vector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * BM25 as sparse vectors. Text is analysed exactly as the Lucene store analyses it (English stemming and
 * stop words), each term becomes a dimension named by a hash of the term, and a turn's value in that
 * dimension is BM25's term-frequency part. Qdrant supplies the other part: the sparse vector is
 * configured with the IDF modifier, so Qdrant weights each query term by its inverse document frequency
 * in the collection, and the dot product of query and turn is the BM25 score.
 */
final class SparseText implements AutoCloseable {

    /** BM25's term-frequency saturation, Lucene's default. */
    static final float K1 = 1.2f;
    /** BM25's length normalisation, Lucene's default. */
    static final float B = 0.75f;
    /**
     * Qdrant keeps no statistics of document length, so the average BM25 normalises by is assumed: a chat
     * turn holds about this many terms once stop words are gone. Only its order of magnitude matters.
     */
    static final float AVERAGE_TERMS = 16f;
    /** Distinct query terms kept, as in the Lucene store. */
    static final int MAX_QUERY_TERMS = 512;

    private final Analyzer analyzer = new EnglishAnalyzer();

    /** The turn's vector: term id -> tf / (tf + k1 * (1 - b + b * length / average)); empty without terms. */
    Optional<Vector> document(String text) {
        List<String> terms = analyze(text, Integer.MAX_VALUE);
        if (terms.isEmpty()) {
            return Optional.empty();
        }
        Map<Integer, Integer> frequencies = new TreeMap<>(Integer::compareUnsigned);
        terms.forEach(term -> frequencies.merge(termId(term), 1, Integer::sum));
        float norm = K1 * (1 - B + B * terms.size() / AVERAGE_TERMS);
        Map<Integer, Float> weights = new TreeMap<>(Integer::compareUnsigned);
        frequencies.forEach((id, tf) -> weights.put(id, tf / (tf + norm)));
        return Optional.of(sparse(weights));
    }

    /** The query's vector: weight 1 per distinct term, as each term is one clause in the Lucene store. */
    Optional<Vector> query(String text) {
        Map<Integer, Float> weights = new TreeMap<>(Integer::compareUnsigned);
        for (String term : analyze(text, MAX_QUERY_TERMS)) {
            weights.put(termId(term), 1f);
        }
        return weights.isEmpty() ? Optional.empty() : Optional.of(sparse(weights));
    }

    /**
     * A 32-bit hash read as Qdrant's unsigned dimension index. Two terms seldom share one (about one pair
     * among a hundred thousand distinct terms), and then they merely count as the same word.
     */
    static int termId(String term) {
        return StringHelper.murmurhash3_x86_32(new BytesRef(term), 0);
    }

    private static Vector sparse(Map<Integer, Float> weights) {
        return Vector.newBuilder()
                .setSparse(SparseVector.newBuilder()
                        .addAllIndices(weights.keySet())
                        .addAllValues(weights.values()))
                .build();
    }

    private List<String> analyze(String text, int maxDistinct) {
        List<String> terms = new ArrayList<>();
        try (TokenStream tokens = analyzer.tokenStream(QdrantPoints.TEXT, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            Set<String> distinct = new HashSet<>();
            while (tokens.incrementToken()) {
                String value = term.toString();
                if (distinct.add(value) && distinct.size() > maxDistinct) {
                    break;
                }
                terms.add(value);
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException("analysing text", e);
        }
        return terms;
    }

    @Override
    public void close() {
        analyzer.close();
    }
}
