package dev.engram.vector.store;

import dev.engram.ranking.ReciprocalRankFusion;
import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.ranking.ReciprocalRankFusion.Ranking;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/** The reads of the fact layer in the embedded index: all facts of a user, and a hybrid search over facts. */
final class LuceneFacts {

    private LuceneFacts() {}

    static List<Fact> all(IndexSearcher searcher, String project, String userId) throws IOException {
        return read(searcher, LuceneQueries.units(project, userId, UnitKind.FACT));
    }

    /** Every fact {@code facts} matches. */
    static List<Fact> read(IndexSearcher searcher, Query facts) throws IOException {
        return LuceneDocuments.readAll(searcher, facts, LuceneDocuments::toFact);
    }

    /**
     * Dense hits are the sentences and captions closest to the query, each standing for the fact it states, and
     * the facts with a vector of their own (those the LLM wrote); BM25 reads the facts' own words, where names
     * replace pronouns and dates follow relative expressions.
     */
    static List<UnitHit> search(IndexSearcher searcher, Analyzer analyzer, UnitQuery query, HybridSettings settings)
            throws IOException {
        int candidates = Math.max(query.limit(), settings.candidates());
        Query filter = LuceneQueries.filter(query.filter());
        StoredFields stored = searcher.storedFields();
        Map<String, UnitHit> dense = dense(searcher, query, filter, candidates);
        Map<String, UnitHit> sparse = new LinkedHashMap<>();
        Optional<Query> bm25 = LuceneQueries.factBm25(analyzer, query.text(), filter);
        if (bm25.isPresent()) {
            for (ScoreDoc fact : searcher.search(bm25.get(), candidates).scoreDocs) {
                UnitHit hit = LuceneDocuments.toHit(stored.document(fact.doc), fact.score);
                sparse.putIfAbsent(hit.unitId(), hit);
            }
        }
        List<UnitHit> hits = new ArrayList<>();
        List<Fused<String>> fused = ReciprocalRankFusion.fuse(
                settings.rrfK(),
                List.of(Ranking.of(List.copyOf(dense.keySet())), Ranking.of(List.copyOf(sparse.keySet()))));
        for (Fused<String> fact : fused.subList(0, Math.min(query.limit(), fused.size()))) {
            UnitHit shown = sparse.getOrDefault(fact.item(), dense.get(fact.item()));
            hits.add(new UnitHit(
                    shown.episodeId(),
                    shown.sessionId(),
                    shown.unitId(),
                    shown.text(),
                    shown.timestamp(),
                    fact.score()));
        }
        return hits;
    }

    private static Map<String, UnitHit> dense(IndexSearcher searcher, UnitQuery query, Query filter, int candidates)
            throws IOException {
        StoredFields stored = searcher.storedFields();
        List<UnitHit> hits = new ArrayList<>();
        Query statements = LuceneQueries.ofKinds(filter, UnitKind.SENTENCE, UnitKind.CAPTION);
        for (ScoreDoc unit : UnitVectors.nearest(searcher, statements, query.vector(), candidates)) {
            UnitHit hit = LuceneDocuments.toHit(stored.document(unit.doc), unit.score);
            hits.add(new UnitHit(
                    hit.episodeId(),
                    hit.sessionId(),
                    Fact.idOfUnit(hit.unitId()),
                    hit.text(),
                    hit.timestamp(),
                    hit.score()));
        }
        Set<String> stated = hits.stream().map(UnitHit::unitId).collect(Collectors.toSet());
        for (ScoreDoc fact :
                searcher.search(LuceneQueries.denseFacts(query.vector(), candidates, filter), candidates).scoreDocs) {
            hits.add(LuceneDocuments.toHit(stored.document(fact.doc), fact.score));
        }
        // Where the LLM rewrote an episode's facts, its sentences no longer stand for facts of their own.
        Set<String> existing = existing(searcher, query.filter(), stated);
        Map<String, UnitHit> dense = new LinkedHashMap<>();
        hits.stream()
                .filter(hit -> !stated.contains(hit.unitId()) || existing.contains(hit.unitId()))
                .sorted(Comparator.comparingDouble(UnitHit::score).reversed())
                .forEach(hit -> dense.putIfAbsent(hit.unitId(), hit));
        return dense;
    }

    private static Set<String> existing(IndexSearcher searcher, UnitFilter filter, Set<String> factIds)
            throws IOException {
        if (factIds.isEmpty()) {
            return Set.of();
        }
        Query facts = LuceneQueries.facts(filter.project(), filter.userId(), List.of(), factIds);
        StoredFields stored = searcher.storedFields();
        Set<String> existing = new HashSet<>();
        for (ScoreDoc fact : searcher.search(facts, factIds.size()).scoreDocs) {
            existing.add(
                    stored.document(fact.doc, Set.of(LuceneDocuments.UNIT_ID)).get(LuceneDocuments.UNIT_ID));
        }
        return existing;
    }

    static Set<String> allowed(IndexSearcher searcher, UnitFilter filter, Collection<String> episodeIds)
            throws IOException {
        if (episodeIds.isEmpty()) {
            return Set.of();
        }
        Query turns = LuceneQueries.allowedTurns(LuceneQueries.filter(filter), episodeIds);
        StoredFields stored = searcher.storedFields();
        Set<String> allowed = new HashSet<>();
        for (ScoreDoc turn : searcher.search(turns, Math.max(1, episodeIds.size() * 2)).scoreDocs) {
            Document doc = stored.document(turn.doc, Set.of(LuceneDocuments.EPISODE_ID));
            allowed.add(doc.get(LuceneDocuments.EPISODE_ID));
        }
        return allowed;
    }
}
