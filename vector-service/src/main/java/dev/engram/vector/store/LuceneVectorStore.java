package dev.engram.vector.store;

import dev.engram.ranking.ReciprocalRankFusion.Fused;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.FactReplacement;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.segtree.Leaf;
import dev.engram.vector.segtree.SegmentSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;

/**
 * The embedded store: one on-disk Lucene index holding both the vectors (stored flat and compared exactly, see
 * {@link FlatUnitVectorsFormat}) and the BM25 text of every unit. Writes go through one thread-safe {@link
 * IndexWriter}; each write call commits before it returns, so an acknowledged index survives a crash. Lucene
 * serialises concurrent commits, and every caller's changes are flushed by its own commit at the latest.
 */
public final class LuceneVectorStore implements VectorStore {

    private final Directory directory;
    private final Analyzer analyzer;
    private final IndexWriter writer;
    private final SearcherManager searchers;
    /** Taken by deletions and by late fact writes, so that a fact never outlives its deleted episode. */
    private final Object factWrites = new Object();

    private final HybridSettings settings;

    private LuceneVectorStore(Directory directory, Analyzer analyzer, IndexWriter writer, HybridSettings settings)
            throws IOException {
        this.directory = directory;
        this.analyzer = analyzer;
        this.writer = writer;
        this.settings = settings;
        this.searchers = new SearcherManager(writer, null);
    }

    /** Opens the index in {@code path}, creating it when absent; the directory is locked while open. */
    public static LuceneVectorStore open(Path path, HybridSettings settings) {
        Directory directory = null;
        IndexWriter writer = null;
        try {
            Files.createDirectories(path);
            directory = FSDirectory.open(path);
            Analyzer analyzer = new EnglishAnalyzer();
            IndexWriterConfig config = new IndexWriterConfig(analyzer)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                    .setCodec(new UnitIndexCodec());
            writer = new IndexWriter(directory, config);
            return new LuceneVectorStore(directory, analyzer, writer, settings);
        } catch (IOException e) {
            // Release the directory lock, so that a retry in the same JVM can open the index.
            IOUtils.closeWhileHandlingException(writer, directory);
            throw new UncheckedIOException("opening the vector index in " + path, e);
        }
    }

    @Override
    public void index(List<EpisodeUnits> episodes) {
        Map<EpisodeKey, EpisodeUnits> latest = new LinkedHashMap<>();
        for (EpisodeUnits episode : episodes) {
            latest.put(EpisodeKey.of(episode), episode);
        }
        try {
            Map<List<String>, List<String>> byUser = new LinkedHashMap<>();
            for (Map.Entry<EpisodeKey, EpisodeUnits> entry : latest.entrySet()) {
                // Atomic delete-and-add: a redelivered episode replaces its units, never duplicates them.
                writer.updateDocuments(entry.getKey().units(), LuceneDocuments.toDocuments(entry.getValue()));
                EpisodeKey key = entry.getKey();
                byUser.computeIfAbsent(List.of(key.project(), key.userId()), user -> new ArrayList<>())
                        .add(key.episodeId());
            }
            // A summary of what an episode said before no longer holds; its segment is summarized again.
            for (Map.Entry<List<String>, List<String>> user : byUser.entrySet()) {
                writer.deleteDocuments(LuceneQueries.summariesCovering(
                        user.getKey().get(0), user.getKey().get(1), user.getValue()));
            }
            commitAndRefresh();
        } catch (IOException e) {
            throw new UncheckedIOException("indexing " + latest.size() + " episodes", e);
        }
    }

    /** An episode is named by its id within its user, and users within their project. */
    private record EpisodeKey(String project, String userId, String episodeId) {

        static EpisodeKey of(EpisodeUnits units) {
            return new EpisodeKey(
                    units.episode().project(),
                    units.episode().userId(),
                    units.episode().episodeId());
        }

        Query units() {
            return LuceneQueries.episodes(project, userId, List.of(episodeId));
        }
    }

    @Override
    public void delete(UnitSelection selection) {
        synchronized (factWrites) {
            try {
                writer.deleteDocuments(LuceneQueries.selection(selection));
                commitAndRefresh();
            } catch (IOException e) {
                throw new UncheckedIOException("deleting units of a user", e);
            }
        }
    }

    /**
     * Facts the LLM wrote arrive long after their episodes; an episode deleted meanwhile must not come back
     * through them, so a fact is written only while every episode it rests on is still here, checked under
     * the lock that deletions take.
     */
    @Override
    public void replaceFacts(FactReplacement replacement) {
        synchronized (factWrites) {
            try {
                Set<String> evidence = replacement.facts().stream()
                        .flatMap(written -> written.fact().evidence().stream())
                        .collect(Collectors.toSet());
                Set<String> present =
                        allowed(UnitFilter.forUser(replacement.project(), replacement.userId()), evidence);
                if (!replacement.episodeIds().isEmpty()
                        || !replacement.factIds().isEmpty()) {
                    writer.deleteDocuments(LuceneQueries.facts(
                            replacement.project(),
                            replacement.userId(),
                            replacement.episodeIds(),
                            replacement.factIds()));
                }
                for (FactReplacement.WrittenFact written : replacement.facts()) {
                    if (present.containsAll(written.fact().evidence())) {
                        writer.addDocument(
                                LuceneDocuments.toDocument(written.holder(), written.fact(), written.vector()));
                    }
                }
                commitAndRefresh();
            } catch (IOException e) {
                throw new UncheckedIOException("replacing facts of a user", e);
            }
        }
    }

    /** Like late facts, summaries are written under the deletions' lock, and only over episodes still here. */
    @Override
    public void replaceSummaries(
            String project, String userId, List<SegmentSummary> written, Collection<String> retiredIds) {
        synchronized (factWrites) {
            try {
                Set<String> covered = written.stream()
                        .flatMap(summary -> summary.episodeIds().stream())
                        .collect(Collectors.toSet());
                Set<String> present = allowed(UnitFilter.forUser(project, userId), covered);
                Set<String> replaced = new HashSet<>(retiredIds);
                written.forEach(summary -> replaced.add(summary.id()));
                if (!replaced.isEmpty()) {
                    writer.deleteDocuments(LuceneQueries.summaries(project, userId, replaced));
                }
                for (SegmentSummary summary : written) {
                    if (present.containsAll(summary.episodeIds())) {
                        writer.addDocument(LuceneSummaries.toDocument(summary));
                    }
                }
                commitAndRefresh();
            } catch (IOException e) {
                throw new UncheckedIOException("replacing segment summaries of a user", e);
            }
        }
    }

    @Override
    public List<SegmentSummary> summaries(String project, String userId, String sessionId) {
        return read(
                "reading segment summaries",
                searcher -> LuceneSummaries.read(
                        searcher, LuceneQueries.summaries(UnitFilter.forSession(project, userId, sessionId))));
    }

    @Override
    public List<SegmentSummary> searchSummaries(UnitFilter filter, String text, float[] vector, int limit) {
        return read(
                "searching segment summaries",
                searcher -> LuceneSummaries.search(searcher, analyzer, filter, text, vector, limit, settings));
    }

    @Override
    public List<UnitHit> turns(String project, String userId, Collection<String> episodeIds) {
        if (episodeIds.isEmpty()) {
            return List.of();
        }
        return read("reading turns", searcher -> LuceneSummaries.turns(searcher, project, userId, episodeIds));
    }

    @Override
    public UnitCounts count(String project, String userId) {
        return read("counting units of a user", searcher -> LuceneCounts.of(searcher, project, userId));
    }

    @Override
    public List<UnitHit> search(UnitQuery query) {
        return read("searching the vector index", searcher -> search(searcher, query));
    }

    /**
     * Both retrievers rank episodes, not units: the dense one by an episode's best embedded unit (a
     * sentence or a caption), BM25 by the whole turn. Fusing per episode keeps an episode with three
     * matching sentences from crowding out others, and lets BM25 credit terms spread over sentences.
     */
    private List<UnitHit> search(IndexSearcher searcher, UnitQuery query) throws IOException {
        int candidates = Math.max(query.limit(), settings.candidates());
        Query filter = LuceneQueries.filter(query.filter());
        int units = candidates * settings.unitsPerEpisode();
        ScoreDoc[] denseUnits = UnitVectors.nearest(searcher, filter, query.vector(), units);
        Map<String, Integer> dense = EpisodeRanking.of(searcher, denseUnits, candidates);
        Optional<Query> bm25 = LuceneQueries.bm25(analyzer, query.text(), filter);
        Map<String, Integer> sparse = bm25.isPresent()
                ? EpisodeRanking.of(searcher, searcher.search(bm25.get(), candidates).scoreDocs, candidates)
                : Map.of();

        List<Fused<Integer>> fused = EpisodeRanking.fuse(settings.rrfK(), query.limit(), dense, sparse);
        List<Document> documents = LuceneDocuments.documents(
                searcher.storedFields(), fused.stream().map(Fused::item).toList());
        List<UnitHit> hits = new ArrayList<>(fused.size());
        for (int i = 0; i < fused.size(); i++) {
            hits.add(LuceneDocuments.toHit(documents.get(i), fused.get(i).score()));
        }
        return hits;
    }

    @Override
    public Map<String, Float> similarity(String project, String userId, Collection<String> episodeIds, float[] vector) {
        if (episodeIds.isEmpty()) {
            return Map.of();
        }
        return read(
                "reading unit vectors",
                searcher -> UnitVectors.bestSimilarity(
                        searcher, LuceneQueries.episodes(project, userId, episodeIds), vector));
    }

    @Override
    public List<Leaf> leaves(String project, String userId) {
        return read("reading the episode vectors of a user", searcher -> LuceneLeaves.of(searcher, project, userId));
    }

    @Override
    public List<Leaf> leaves(String project, String userId, String sessionId) {
        return read(
                "reading the episode vectors of a session",
                searcher -> LuceneLeaves.of(searcher, project, userId, sessionId));
    }

    @Override
    public List<Fact> facts(String project, String userId) {
        return read("reading the facts of a user", searcher -> LuceneFacts.all(searcher, project, userId));
    }

    @Override
    public List<Fact> facts(String project, String userId, Collection<String> factIds) {
        if (factIds.isEmpty()) {
            return List.of();
        }
        return read(
                "reading facts by id",
                searcher -> LuceneFacts.read(searcher, LuceneQueries.facts(project, userId, List.of(), factIds)));
    }

    @Override
    public List<UnitHit> searchFacts(UnitQuery query) {
        return read("searching facts", searcher -> LuceneFacts.search(searcher, analyzer, query, settings));
    }

    @Override
    public Set<String> allowed(UnitFilter filter, Collection<String> episodeIds) {
        return read("filtering episodes", searcher -> LuceneFacts.allowed(searcher, filter, episodeIds));
    }

    /** A read of one consistent view of the index. */
    private interface Read<T> {
        T from(IndexSearcher searcher) throws IOException;
    }

    private <T> T read(String what, Read<T> read) {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                return read.from(searcher);
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(what, e);
        }
    }

    private void commitAndRefresh() throws IOException {
        writer.commit();
        // Blocking refresh: once the caller is answered, its units are visible to every later search.
        searchers.maybeRefreshBlocking();
    }

    @Override
    public boolean isHealthy() {
        return writer.isOpen();
    }

    @Override
    public void close() {
        try {
            // Readers first, then the writer (which commits on close), then what the writer used.
            IOUtils.close(searchers, writer, analyzer, directory);
        } catch (IOException e) {
            throw new UncheckedIOException("closing the vector index", e);
        }
    }
}
