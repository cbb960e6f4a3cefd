package dev.engram.vector.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;

/** Reads the stored vectors of chosen units: compared with a query vector exactly, or summed per episode. */
final class UnitVectors {

    private UnitVectors() {}

    /** Episode id -> the best similarity of any embedded unit of it among the units {@code query} matches. */
    static Map<String, Float> bestSimilarity(IndexSearcher searcher, Query query, float[] vector) throws IOException {
        Map<String, Float> best = new HashMap<>();
        forEach(
                searcher,
                query,
                (episodeId, unit) ->
                        best.merge(episodeId, VectorSimilarityFunction.COSINE.compare(vector, unit), Math::max));
        return best;
    }

    /** Episode id -> the sum of the vectors of its embedded units among those {@code query} matches. */
    static Map<String, float[]> sums(IndexSearcher searcher, Query query) throws IOException {
        Map<String, float[]> sums = new HashMap<>();
        forEach(searcher, query, (episodeId, unit) -> {
            float[] sum = sums.computeIfAbsent(episodeId, id -> new float[unit.length]);
            for (int i = 0; i < unit.length; i++) {
                sum[i] += unit[i];
            }
        });
        return sums;
    }

    /**
     * The {@code k} units {@code filter} matches whose vectors are nearest to {@code vector}, best first, scored
     * as the index's cosine similarity scores them ({@code (1 + cosine) / 2}). Exact: every matching vector is
     * compared once. Stored vectors are of unit length, so a dot product is their cosine.
     */
    static ScoreDoc[] nearest(IndexSearcher searcher, Query filter, float[] vector, int k) throws IOException {
        PriorityQueue<ScoreDoc> best = new PriorityQueue<>(
                Comparator.comparingDouble((ScoreDoc hit) -> hit.score).thenComparing(hit -> -hit.doc));
        walk(searcher, filter, leaf -> (doc, unit) -> {
            float score = Math.max((1 + VectorUtil.dotProduct(vector, unit)) / 2, 0f);
            if (best.size() < k) {
                best.add(new ScoreDoc(leaf.docBase + doc, score));
            } else if (score > best.peek().score) {
                best.poll();
                best.add(new ScoreDoc(leaf.docBase + doc, score));
            }
        });
        ScoreDoc[] sorted = new ScoreDoc[best.size()];
        for (int i = sorted.length - 1; i >= 0; i--) {
            sorted[i] = best.poll();
        }
        return sorted;
    }

    /** A unit's vector, valid only during the call. */
    private interface Visitor {
        void visit(String episodeId, float[] vector);
    }

    /** A unit of one segment, by its number there, and its vector, valid only during the call. */
    private interface SegmentVisitor {
        void visit(int doc, float[] vector) throws IOException;
    }

    /** What visits the units of each segment in turn. */
    private interface SegmentVisitors {
        SegmentVisitor of(LeafReaderContext leaf) throws IOException;
    }

    private static void forEach(IndexSearcher searcher, Query query, Visitor visitor) throws IOException {
        walk(searcher, query, leaf -> {
            SortedDocValues episodeIds = leaf.reader().getSortedDocValues(LuceneDocuments.EPISODE_ID);
            return (doc, vector) -> {
                if (episodeIds != null && episodeIds.advanceExact(doc)) {
                    visitor.visit(episodeIds.lookupOrd(episodeIds.ordValue()).utf8ToString(), vector);
                }
            };
        });
    }

    /** Every live unit {@code query} matches that has a vector, segment by segment in index order. */
    private static void walk(IndexSearcher searcher, Query query, SegmentVisitors visitors) throws IOException {
        Weight weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            Scorer scorer = weight.scorer(leaf);
            FloatVectorValues vectors = leaf.reader().getFloatVectorValues(LuceneDocuments.VECTOR);
            if (scorer == null || vectors == null) {
                continue;
            }
            SegmentVisitor visitor = visitors.of(leaf);
            // A scorer walked by hand sees deleted units too (replaced or removed episodes).
            Bits live = leaf.reader().getLiveDocs();
            DocIdSetIterator units = scorer.iterator();
            List<Integer> docs = new ArrayList<>();
            for (int doc = units.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = units.nextDoc()) {
                docs.add(doc);
            }
            // Both iterators only move forwards, and the matching docs come in increasing order.
            for (int doc : docs) {
                if (live != null && !live.get(doc)) {
                    continue;
                }
                if (vectors.docID() < doc) {
                    vectors.advance(doc);
                }
                if (vectors.docID() == doc) {
                    visitor.visit(doc, vectors.vectorValue());
                }
            }
        }
    }
}
