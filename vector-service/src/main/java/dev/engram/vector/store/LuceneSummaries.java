package dev.engram.vector.store;

import dev.engram.ranking.ReciprocalRankFusion;
import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.segtree.SegmentSummary;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field.Store;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.util.BytesRef;

/** The segment summaries in the embedded index: their documents, the reads of a session's, and their search. */
final class LuceneSummaries {

    private LuceneSummaries() {}

    static Document toDocument(SegmentSummary summary) {
        Document doc = new Document();
        doc.add(new StringField(LuceneDocuments.PROJECT, summary.project(), Store.YES));
        doc.add(new StringField(LuceneDocuments.USER_ID, summary.userId(), Store.YES));
        doc.add(new StringField(LuceneDocuments.SESSION_ID, summary.sessionId(), Store.YES));
        doc.add(new StringField(LuceneDocuments.UNIT_ID, summary.id(), Store.YES));
        doc.add(new StringField(LuceneDocuments.KIND, LuceneDocuments.SUMMARY_KIND, Store.NO));
        summary.episodeIds().forEach(id -> doc.add(new StringField(LuceneDocuments.SUMMARY_EPISODE, id, Store.YES)));
        doc.add(new TextField(LuceneDocuments.SUMMARY_TEXT, summary.text(), Store.NO));
        doc.add(new StoredField(LuceneDocuments.UNIT_TEXT, summary.text()));
        doc.add(new KnnFloatVectorField(
                LuceneDocuments.SUMMARY_VECTOR, summary.vector(), VectorSimilarityFunction.COSINE));
        doc.add(new StoredField(LuceneDocuments.SUMMARY_VECTOR_STORED, bytes(summary.vector())));
        return doc;
    }

    static List<SegmentSummary> read(IndexSearcher searcher, Query summaries) throws IOException {
        return LuceneDocuments.readAll(searcher, summaries, LuceneSummaries::toSummary);
    }

    /** The best {@code limit} summaries by the fused ranks of their meaning and their words. */
    static List<SegmentSummary> search(
            IndexSearcher searcher,
            Analyzer analyzer,
            UnitFilter filter,
            String text,
            float[] vector,
            int limit,
            HybridSettings settings)
            throws IOException {
        Query summaries = LuceneQueries.summaries(filter);
        Map<Integer, Boolean> dense = new LinkedHashMap<>();
        for (ScoreDoc doc : searcher.search(LuceneQueries.denseSummaries(vector, limit, summaries), limit).scoreDocs) {
            dense.put(doc.doc, true);
        }
        Map<Integer, Boolean> sparse = new LinkedHashMap<>();
        Optional<Query> bm25 = LuceneQueries.summaryBm25(analyzer, text, summaries);
        if (bm25.isPresent()) {
            for (ScoreDoc doc : searcher.search(bm25.get(), limit).scoreDocs) {
                sparse.put(doc.doc, true);
            }
        }
        List<Fused<Integer>> fused = ReciprocalRankFusion.fuse(
                settings.rrfK(),
                List.of(Ranking.of(List.copyOf(dense.keySet())), Ranking.of(List.copyOf(sparse.keySet()))));
        StoredFields stored = searcher.storedFields();
        List<SegmentSummary> hits = new ArrayList<>();
        for (Fused<Integer> hit : fused.subList(0, Math.min(limit, fused.size()))) {
            hits.add(toSummary(stored.document(hit.item())));
        }
        return hits;
    }

    /** The turns of the given episodes, which summaries are written from. */
    static List<UnitHit> turns(IndexSearcher searcher, String project, String userId, Collection<String> episodeIds)
            throws IOException {
        Query turns = LuceneQueries.allowedTurns(LuceneQueries.filter(UnitFilter.forUser(project, userId)), episodeIds);
        StoredFields stored = searcher.storedFields();
        List<UnitHit> hits = new ArrayList<>();
        for (ScoreDoc turn : searcher.search(turns, Math.max(1, episodeIds.size())).scoreDocs) {
            hits.add(LuceneDocuments.toHit(stored.document(turn.doc), 0));
        }
        return hits;
    }

    private static SegmentSummary toSummary(Document doc) {
        BytesRef vector = doc.getBinaryValue(LuceneDocuments.SUMMARY_VECTOR_STORED);
        return new SegmentSummary(
                doc.get(LuceneDocuments.PROJECT),
                doc.get(LuceneDocuments.USER_ID),
                doc.get(LuceneDocuments.SESSION_ID),
                List.of(doc.getValues(LuceneDocuments.SUMMARY_EPISODE)),
                doc.get(LuceneDocuments.UNIT_TEXT),
                vector == null ? null : floats(vector));
    }

    private static byte[] bytes(float[] vector) {
        ByteBuffer buffer = ByteBuffer.allocate(vector.length * Float.BYTES);
        buffer.asFloatBuffer().put(vector);
        return buffer.array();
    }

    private static float[] floats(BytesRef bytes) {
        float[] vector = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length).asFloatBuffer().get(vector);
        return vector;
    }
}
