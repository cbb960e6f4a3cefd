package dev.engram.vector.store;

import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitKind;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;

/** Counts a user's units in one searcher, so the three numbers describe the same state of the index. */
final class LuceneCounts {

    private LuceneCounts() {}

    static UnitCounts of(IndexSearcher searcher, String project, String userId) throws IOException {
        Query units = LuceneQueries.units(project, userId);
        int facts = searcher.count(LuceneQueries.units(project, userId, UnitKind.FACT));
        int summaries = searcher.count(LuceneQueries.summaries(UnitFilter.forUser(project, userId)));
        return new UnitCounts(
                distinctEpisodes(searcher, units),
                searcher.count(LuceneQueries.units(project, userId, UnitKind.TURN)),
                searcher.count(units) - facts - summaries,
                facts);
    }

    /**
     * Episode ids from doc values, per segment as ordinals first, so that each id is decoded once per
     * segment rather than once per unit.
     */
    private static long distinctEpisodes(IndexSearcher searcher, Query units) throws IOException {
        Weight weight = searcher.createWeight(searcher.rewrite(units), ScoreMode.COMPLETE_NO_SCORES, 1f);
        Set<String> episodes = new HashSet<>();
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            Scorer scorer = weight.scorer(leaf);
            SortedDocValues episodeIds = leaf.reader().getSortedDocValues(LuceneDocuments.EPISODE_ID);
            if (scorer == null || episodeIds == null) {
                continue;
            }
            // A scorer walked by hand sees deleted units too (replaced or removed episodes).
            Bits live = leaf.reader().getLiveDocs();
            FixedBitSet seen = new FixedBitSet(episodeIds.getValueCount());
            DocIdSetIterator docs = scorer.iterator();
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if ((live == null || live.get(doc)) && episodeIds.advanceExact(doc)) {
                    seen.set(episodeIds.ordValue());
                }
            }
            BitSetIterator ords = new BitSetIterator(seen, 0);
            for (int ord = ords.nextDoc(); ord != DocIdSetIterator.NO_MORE_DOCS; ord = ords.nextDoc()) {
                episodes.add(episodeIds.lookupOrd(ord).utf8ToString());
            }
        }
        return episodes.size();
    }
}
