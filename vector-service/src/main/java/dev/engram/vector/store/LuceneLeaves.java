package dev.engram.vector.store;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.Vectors;
import dev.engram.vector.segtree.Leaf;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/** The episodes of a user as leaves of segment trees: each turn's time and session, and its sentences' mean. */
final class LuceneLeaves {

    private static final Set<String> TURN_FIELDS =
            Set.of(LuceneDocuments.EPISODE_ID, LuceneDocuments.SESSION_ID, LuceneDocuments.TIMESTAMP);

    private LuceneLeaves() {}

    /** Episodes with no embedded unit (nothing but punctuation) have no vector and are left out. */
    static List<Leaf> of(IndexSearcher searcher, String project, String userId) throws IOException {
        return of(searcher, LuceneQueries.units(project, userId));
    }

    /** The leaves of one session of a user. */
    static List<Leaf> of(IndexSearcher searcher, String project, String userId, String sessionId) throws IOException {
        return of(searcher, LuceneQueries.filter(UnitFilter.forSession(project, userId, sessionId)));
    }

    /** @param units every unit of the episodes to read */
    private static List<Leaf> of(IndexSearcher searcher, Query units) throws IOException {
        Map<String, float[]> sums =
                UnitVectors.sums(searcher, LuceneQueries.ofKinds(units, UnitKind.SENTENCE, UnitKind.CAPTION));
        Query turns = LuceneQueries.ofKinds(units, UnitKind.TURN);
        int count = searcher.count(turns);
        if (count == 0) {
            return List.of();
        }
        StoredFields stored = searcher.storedFields();
        List<Leaf> leaves = new ArrayList<>(count);
        for (ScoreDoc turn : searcher.search(turns, count).scoreDocs) {
            Document doc = stored.document(turn.doc, TURN_FIELDS);
            float[] sum = sums.get(doc.get(LuceneDocuments.EPISODE_ID));
            if (sum != null) {
                leaves.add(new Leaf(
                        doc.get(LuceneDocuments.EPISODE_ID),
                        doc.get(LuceneDocuments.SESSION_ID),
                        LuceneDocuments.timestamp(doc),
                        Vectors.normalized(sum)));
            }
        }
        return leaves;
    }
}
