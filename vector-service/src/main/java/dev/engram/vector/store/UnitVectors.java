package dev.engram.vector.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.Bits;

/** Reads the stored vectors of chosen units and compares them with a query vector exactly. */
final class UnitVectors {

    private UnitVectors() {}

    /** Episode id -> the best similarity of any embedded unit of it among the units {@code query} matches. */
    static Map<String, Float> bestSimilarity(IndexSearcher searcher, Query query, float[] vector) throws IOException {
        Weight weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
        Map<String, Float> best = new HashMap<>();
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            Scorer scorer = weight.scorer(leaf);
            FloatVectorValues vectors = leaf.reader().getFloatVectorValues(LuceneDocuments.VECTOR);
            if (scorer == null || vectors == null) {
                continue;
            }
            SortedDocValues episodeIds = leaf.reader().getSortedDocValues(LuceneDocuments.EPISODE_ID);
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
                if (vectors.docID() != doc || episodeIds == null || !episodeIds.advanceExact(doc)) {
                    continue;
                }
                String episodeId = episodeIds.lookupOrd(episodeIds.ordValue()).utf8ToString();
                float similarity = VectorSimilarityFunction.COSINE.compare(vector, vectors.vectorValue());
                best.merge(episodeId, similarity, Math::max);
            }
        }
        return best;
    }
}
