package dev.engram.vector.store;

import dev.engram.ranking.ReciprocalRankFusion;
import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;

/**
 * Turns a ranking of units into a ranking of episodes: an episode takes the rank of its best unit, and
 * that unit stands for it. This is the only place where hits on parts of an episode are collapsed: a
 * search answers one hit per episode. Episode ids come from doc values, so no stored document is
 * decompressed.
 */
public final class EpisodeRanking {

    private EpisodeRanking() {}

    /** Distinct episode ids, best first, each mapped to the document of its best unit; at most {@code limit}. */
    static Map<String, Integer> of(IndexSearcher searcher, ScoreDoc[] units, int limit) throws IOException {
        String[] episodeIds = episodeIds(searcher.getIndexReader().leaves(), units);
        Map<String, Integer> best = new LinkedHashMap<>();
        for (int i = 0; i < units.length && best.size() < limit; i++) {
            best.putIfAbsent(episodeIds[i], units[i].doc);
        }
        return best;
    }

    /**
     * The same for units that carry their episode id themselves, as the points of a remote store do:
     * distinct episode ids, best first, each mapped to its best unit; at most {@code limit}.
     */
    public static <U> Map<String, U> of(List<U> units, Function<U, String> episodeId, int limit) {
        Map<String, U> best = new LinkedHashMap<>();
        for (U unit : units) {
            if (best.size() == limit) {
                break;
            }
            best.putIfAbsent(episodeId.apply(unit), unit);
        }
        return best;
    }

    /**
     * The dense and the BM25 rankings of episodes fused by reciprocal rank, best first, at most {@code limit},
     * each episode shown by the unit that matched best by meaning, else by words. Dense is read first, so of
     * two episodes that tie, the one the dense retriever ranked comes first.
     */
    public static <U> List<Fused<U>> fuse(int k, int limit, Map<String, U> dense, Map<String, U> sparse) {
        return ReciprocalRankFusion.fuse(
                        k, List.of(Ranking.of(List.copyOf(dense.keySet())), Ranking.of(List.copyOf(sparse.keySet()))))
                .stream()
                .limit(limit)
                .map(episode ->
                        new Fused<>(dense.getOrDefault(episode.item(), sparse.get(episode.item())), episode.score()))
                .toList();
    }

    /**
     * The episode id of each unit, in the units' order. Units arrive in score order, while doc values iterate
     * forwards only: they are read in document order, with one iterator per segment.
     */
    private static String[] episodeIds(List<LeafReaderContext> leaves, ScoreDoc[] units) throws IOException {
        Integer[] byDoc = new Integer[units.length];
        Arrays.setAll(byDoc, i -> i);
        Arrays.sort(byDoc, Comparator.comparingInt(i -> units[i].doc));
        String[] ids = new String[units.length];
        int leafIndex = -1;
        LeafReaderContext leaf = null;
        SortedDocValues values = null;
        int previousDoc = -1;
        String previousId = null;
        for (int i : byDoc) {
            int doc = units[i].doc;
            if (doc == previousDoc) {
                // The same unit twice: an iterator cannot go back to it.
                ids[i] = previousId;
                continue;
            }
            int sub = ReaderUtil.subIndex(doc, leaves);
            if (sub != leafIndex) {
                leafIndex = sub;
                leaf = leaves.get(sub);
                values = leaf.reader().getSortedDocValues(LuceneDocuments.EPISODE_ID);
            }
            if (values == null || !values.advanceExact(doc - leaf.docBase)) {
                throw new IllegalStateException("unit " + doc + " has no episode id");
            }
            previousId = values.lookupOrd(values.ordValue()).utf8ToString();
            ids[i] = previousId;
            previousDoc = doc;
        }
        return ids;
    }
}
