package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.segtree.Leaf;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only the embedded Lucene index promises: durability on disk. What every store promises is in
 * {@link VectorStoreConformanceTest}.
 */
class LuceneVectorStoreTest {

    private static final float[] NORTH = {1, 0, 0, 0};
    private static final Instant T0 = Instant.parse("2023-05-08T13:00:00Z");

    @TempDir
    Path dir;

    private LuceneVectorStore store;

    @BeforeEach
    void open() {
        store = LuceneVectorStore.open(dir, new HybridSettings(10, 60, 3));
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void indexed_units_survive_closing_and_reopening_the_index() {
        store.index(List.of(unit(episode("alice", "s1", "e1", "orchid", T0), NORTH)));
        store.close();

        store = LuceneVectorStore.open(dir, new HybridSettings(10, 60, 3));

        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "alice"), 10)))
                .singleElement()
                .satisfies(hit -> {
                    assertThat(hit.episodeId()).isEqualTo("e1");
                    assertThat(hit.sessionId()).isEqualTo("s1");
                    assertThat(hit.unitId()).isEqualTo("e1#0");
                    assertThat(hit.timestamp()).isEqualTo(T0);
                });
    }

    @Test
    void a_delete_survives_closing_and_reopening_the_index() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "orchid", T0), NORTH),
                unit(episode("alice", "s2", "e2", "orchid", T0), NORTH)));
        store.delete(UnitSelection.session("p", "alice", "s1"));
        store.close();

        store = LuceneVectorStore.open(dir, new HybridSettings(10, 60, 3));

        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "alice"), 10)))
                .extracting(UnitHit::episodeId)
                .containsExactly("e2");
        assertThat(store.count("p", "alice")).isEqualTo(new UnitCounts(1, 1, 1));
    }

    @Test
    void every_acknowledged_index_call_is_committed_even_when_concurrent() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                SourceEpisode episode = episode("alice", "s1", "e" + i, "orchid number " + i, T0);
                calls.add(pool.submit(() -> store.index(List.of(unit(episode, NORTH)))));
            }
            for (Future<?> call : calls) {
                call.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        // The last commit on disk, read while the store is still open, holds every acknowledged episode.
        try (Directory directory = FSDirectory.open(dir);
                DirectoryReader committed = DirectoryReader.open(directory)) {
            assertThat(committed.numDocs()).isEqualTo(40);
        }
    }

    @Test
    void the_leaves_of_a_session_are_the_users_leaves_of_that_session() {
        store.index(List.of(
                sentence(episode("alice", "s1", "e1", "orchid", T0), NORTH),
                sentence(episode("alice", "s2", "e2", "tulip", T0), NORTH),
                sentence(episode("bob", "s1", "e3", "rose", T0), NORTH)));

        assertThat(store.leaves("p", "alice", "s1")).extracting(Leaf::episodeId).containsExactly("e1");
        assertThat(store.leaves("p", "alice")).extracting(Leaf::episodeId).containsExactlyInAnyOrder("e1", "e2");
        assertThat(store.leaves("p", "alice", "s3")).isEmpty();
    }

    @Test
    void the_dense_search_ranks_every_unit_of_the_user_exactly_without_a_vector_graph() throws Exception {
        Random random = new Random(3);
        List<EpisodeUnits> episodes = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String user = i % 3 == 0 ? "bob" : "alice";
            episodes.add(sentence(
                    episode(user, "s" + (i % 7), "e" + i, "note " + i, T0.plusSeconds(i)), randomUnitVector(random)));
        }
        store.index(episodes.subList(0, 150));
        store.index(episodes.subList(150, 300)); // two segments at least
        float[] question = randomUnitVector(random);

        List<UnitHit> found = store.search(query("no such words", question, UnitFilter.forUser("p", "alice"), 10));

        List<String> nearest = episodes.stream()
                .filter(episode -> episode.episode().userId().equals("alice"))
                .sorted(Comparator.comparingDouble((EpisodeUnits episode) ->
                        -dot(question, episode.units().get(1).vector())))
                .limit(10)
                .map(episode -> episode.episode().episodeId())
                .toList();
        assertThat(found).extracting(UnitHit::episodeId).containsExactlyElementsOf(nearest);
        try (Directory directory = FSDirectory.open(dir);
                DirectoryReader reader = DirectoryReader.open(directory)) {
            assertThat(reader.leaves())
                    .isNotEmpty()
                    .allSatisfy(leaf -> assertThat(leaf.reader()
                                    .getFieldInfos()
                                    .fieldInfo(LuceneDocuments.VECTOR)
                                    .getAttribute(PerFieldKnnVectorsFormat.PER_FIELD_FORMAT_KEY))
                            .isEqualTo(FlatUnitVectorsFormat.NAME));
        }
    }

    @Test
    void units_an_earlier_version_indexed_with_a_vector_graph_are_still_found() throws Exception {
        store.close();
        EpisodeUnits old = sentence(episode("alice", "s1", "e-old", "orchid", T0), NORTH);
        // An index as versions that kept the unit vectors in an HNSW graph wrote it: Lucene's own codec.
        try (Directory directory = FSDirectory.open(dir);
                IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
            writer.addDocuments(LuceneDocuments.toDocuments(old));
        }
        store = LuceneVectorStore.open(dir, new HybridSettings(10, 60, 3));
        store.index(List.of(
                sentence(episode("alice", "s1", "e-new", "tulip", T0.plusSeconds(1)), new float[] {0, 1, 0, 0})));

        assertThat(store.search(query("no such words", NORTH, UnitFilter.forUser("p", "alice"), 2)))
                .extracting(UnitHit::episodeId)
                .containsExactly("e-old", "e-new");
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int d = 0; d < a.length; d++) {
            sum += a[d] * b[d];
        }
        return sum;
    }

    private static float[] randomUnitVector(Random random) {
        float[] vector = new float[4];
        double norm = 0;
        for (int d = 0; d < vector.length; d++) {
            vector[d] = (float) random.nextGaussian();
            norm += vector[d] * vector[d];
        }
        for (int d = 0; d < vector.length; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
        return vector;
    }

    private static UnitQuery query(String text, float[] vector, UnitFilter filter, int limit) {
        return new UnitQuery(text, vector, filter, limit);
    }

    private static SourceEpisode episode(String user, String session, String id, String content, Instant at) {
        return new SourceEpisode("p", user, "agent-1", session, id, "Caroline", content, at, Map.of());
    }

    /** A turn and its one embedded sentence, as a leaf of its session's tree reads them. */
    private static EpisodeUnits sentence(SourceEpisode episode, float[] vector) {
        return new EpisodeUnits(
                episode,
                List.of(
                        new IndexUnit(episode.episodeId() + "#0", UnitKind.TURN, episode.content(), null),
                        new IndexUnit(episode.episodeId() + "#1", UnitKind.SENTENCE, episode.content(), vector)));
    }

    private static EpisodeUnits unit(SourceEpisode episode, float[] vector) {
        return new EpisodeUnits(
                episode, List.of(new IndexUnit(episode.episodeId() + "#0", UnitKind.TURN, episode.content(), vector)));
    }
}
