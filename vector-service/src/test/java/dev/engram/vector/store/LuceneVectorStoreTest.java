package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.within;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitQuery;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Lucene store with hand-made 4-dimensional vectors: no embedding model involved. */
class LuceneVectorStoreTest {

    private static final float[] NORTH = {1, 0, 0, 0};
    private static final float[] NORTH_EAST = {1, 1, 0, 0};
    private static final float[] EAST = {0, 1, 0, 0};
    private static final float[] UP = {0, 0, 1, 0};
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
    void dense_and_bm25_rankings_are_fused_by_reciprocal_rank() {
        // Dense ranks dense > both > words; BM25 ranks both > words and never sees "dense".
        store.index(List.of(
                unit(episode("alice", "s1", "dense", "nothing in common here", T0), NORTH),
                unit(episode("alice", "s1", "both", "the orchid greenhouse", T0), NORTH_EAST),
                unit(episode("alice", "s1", "words", "an orchid", T0), UP)));

        List<UnitHit> hits = store.search(query("orchid greenhouse", NORTH, UnitFilter.forUser("p", "alice"), 10));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("both", "words", "dense");
        assertThat(hits)
                .extracting(UnitHit::score)
                .containsExactly(1.0 / (60 + 2) + 1.0 / (60 + 1), 1.0 / (60 + 3) + 1.0 / (60 + 2), 1.0 / (60 + 1));
    }

    @Test
    void another_users_units_are_never_returned() {
        store.index(List.of(
                unit(episode("alice", "s1", "a1", "my secret orchid", T0), NORTH),
                unit(episode("bob", "s1", "b1", "my secret orchid", T0), NORTH)));

        assertThat(store.search(query("secret orchid", NORTH, UnitFilter.forUser("p", "alice"), 10)))
                .extracting(UnitHit::episodeId)
                .containsExactly("a1");
        assertThat(store.search(query("secret orchid", NORTH, UnitFilter.forUser("other-project", "alice"), 10)))
                .isEmpty();
    }

    @Test
    void filters_narrow_both_retrievers() {
        store.index(List.of(
                unit(episode("alice", "s1", "early", "orchid", T0), NORTH, Map.of("dia", "1")),
                unit(episode("alice", "s2", "exact-end", "orchid", T0.plusSeconds(60)), NORTH, Map.of("dia", "2")),
                unit(episode("alice", "s3", "late", "orchid", T0.plusSeconds(120)), NORTH, Map.of("dia", "3"))));
        UnitFilter all = UnitFilter.forUser("p", "alice");

        assertThat(ids(filtered(all, "", "", Set.of("s1", "s3"), null, null, Set.of(), Map.of())))
                .containsExactlyInAnyOrder("early", "late");
        assertThat(ids(filtered(all, "", "s2", Set.of(), null, null, Set.of(), Map.of())))
                .containsExactly("exact-end");
        assertThat(ids(filtered(all, "", "", Set.of(), T0.plusSeconds(1), T0.plusSeconds(60), Set.of(), Map.of())))
                .containsExactly("exact-end");
        assertThat(ids(filtered(all, "", "", Set.of(), T0, T0, Set.of(), Map.of())))
                .containsExactly("early");
        assertThat(ids(filtered(all, "", "", Set.of(), null, null, Set.of("Caroline"), Map.of("dia", "3"))))
                .containsExactly("late");
        assertThat(ids(filtered(all, "", "", Set.of(), null, null, Set.of("Melanie"), Map.of())))
                .isEmpty();
        assertThat(ids(filtered(all, "agent-2", "", Set.of(), null, null, Set.of(), Map.of())))
                .isEmpty();
    }

    @Test
    void re_indexing_an_episode_replaces_its_units() {
        SourceEpisode first = episode("alice", "s1", "e1", "orchid", T0);
        SourceEpisode edited = episode("alice", "s1", "e1", "tulip", T0);
        store.index(List.of(unit(first, NORTH)));
        store.index(List.of(unit(first, NORTH), unit(edited, EAST)));
        store.index(List.of(unit(edited, EAST)));

        List<UnitHit> hits = store.search(query("tulip orchid", NORTH, UnitFilter.forUser("p", "alice"), 10));

        assertThat(hits).singleElement().satisfies(hit -> {
            assertThat(hit.episodeId()).isEqualTo("e1");
            assertThat(hit.text()).isEqualTo("tulip");
        });
    }

    @Test
    void deleted_episodes_are_no_longer_found() {
        store.index(List.of(
                unit(episode("alice", "s1", "keep", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "drop", "orchid", T0), NORTH)));

        store.deleteEpisodes("p", List.of("drop", "never-indexed"));

        assertThat(ids(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "alice"), 10))))
                .containsExactly("keep");
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
    void query_text_with_lucene_syntax_is_searched_as_plain_words() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "AND the orchid", T0), NORTH),
                unit(episode("alice", "s1", "e2", "tulip", T0), UP)));
        UnitFilter alice = UnitFilter.forUser("p", "alice");

        for (String text : List.of("\"*:(AND", "orchid~2^3 OR [a TO z]", "\\", "*", "the a of", "🙂 ???")) {
            assertThatCode(() -> store.search(query(text, EAST, alice, 5)))
                    .as(text)
                    .doesNotThrowAnyException();
        }
        // The dense retriever prefers e2; only the BM25 match on the word "orchid" lifts e1 above it.
        assertThat(ids(store.search(query("\"orchid*:(", UP, alice, 1)))).containsExactly("e1");
    }

    @Test
    void the_limit_caps_the_hits() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "e2", "orchid", T0), NORTH_EAST),
                unit(episode("alice", "s1", "e3", "orchid", T0), EAST)));

        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "alice"), 2)))
                .extracting(UnitHit::episodeId)
                .containsExactly("e1", "e2");
    }

    private List<UnitHit> filtered(
            UnitFilter base,
            String agentId,
            String sessionId,
            Set<String> sessionIds,
            Instant from,
            Instant to,
            Set<String> producers,
            Map<String, String> metadata) {
        UnitFilter filter = new UnitFilter(
                base.project(), base.userId(), agentId, sessionId, sessionIds, from, to, producers, metadata);
        return store.search(query("orchid", NORTH, filter, 10));
    }

    private static List<String> ids(List<UnitHit> hits) {
        return hits.stream().map(UnitHit::episodeId).toList();
    }

    /** A turn (BM25 only) and its sentences, given as pairs of text and vector. */
    private static EpisodeUnits sentences(SourceEpisode episode, Object... textsAndVectors) {
        List<IndexUnit> units = new ArrayList<>();
        units.add(new IndexUnit(episode.episodeId() + "#0", UnitKind.TURN, episode.content(), null));
        for (int i = 0; i < textsAndVectors.length; i += 2) {
            units.add(new IndexUnit(
                    episode.episodeId() + "#" + units.size(), UnitKind.SENTENCE, (String) textsAndVectors[i], (float[])
                            textsAndVectors[i + 1]));
        }
        return new EpisodeUnits(episode, units);
    }

    private static UnitQuery query(String text, float[] vector, UnitFilter filter, int limit) {
        return new UnitQuery(text, vector, filter, limit);
    }

    @Test
    void an_episode_is_ranked_once_by_its_best_sentence() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        SourceEpisode pets = episode("alice", "s1", "pets", "My cat sleeps all day.", T0);
        store.index(List.of(
                sentences(trip, "We flew to Lisbon.", NORTH_EAST, "The food was great.", NORTH),
                sentences(pets, pets.content(), EAST)));

        List<UnitHit> hits = store.search(query("zzz", NORTH, UnitFilter.forUser("p", "alice"), 10));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("trip", "pets");
        assertThat(hits.get(0).unitId()).isEqualTo("trip#2");
        assertThat(hits.get(0).text()).isEqualTo("The food was great.");
    }

    @Test
    void bm25_credits_words_spread_over_the_sentences_of_a_turn() {
        SourceEpisode spread = episode("alice", "s1", "spread", "I bought a kayak. It is red.", T0);
        SourceEpisode single = episode("alice", "s1", "single", "A red bike.", T0);
        store.index(List.of(
                sentences(spread, "I bought a kayak.", UP, "It is red.", UP), sentences(single, single.content(), UP)));

        List<UnitHit> hits = store.search(query("red kayak", EAST, UnitFilter.forUser("p", "alice"), 1));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("spread");
    }

    @Test
    void similarity_is_the_best_of_an_episodes_units_and_never_crosses_users() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        SourceEpisode bobs = episode("bob", "s1", "bobs", "The food was great.", T0);
        store.index(List.of(
                sentences(trip, "We flew to Lisbon.", EAST, "The food was great.", NORTH_EAST), unit(bobs, NORTH)));

        Map<String, Float> similarity = store.similarity("p", "alice", List.of("trip", "bobs", "unknown"), NORTH);

        // cos(NORTH, NORTH_EAST) = 0.707, mapped to (1 + cos) / 2.
        assertThat(similarity).containsOnlyKeys("trip");
        assertThat(similarity.get("trip")).isCloseTo((1 + (float) Math.sqrt(0.5)) / 2, within(1e-5f));
    }

    private static SourceEpisode episode(String user, String session, String id, String content, Instant at) {
        return episode(user, session, id, content, at, Map.of());
    }

    private static SourceEpisode episode(
            String user, String session, String id, String content, Instant at, Map<String, String> metadata) {
        return new SourceEpisode("p", user, "agent-1", session, id, "Caroline", content, at, metadata);
    }

    private static EpisodeUnits unit(SourceEpisode episode, float[] vector) {
        return new EpisodeUnits(
                episode, List.of(new IndexUnit(episode.episodeId() + "#0", UnitKind.TURN, episode.content(), vector)));
    }

    private static EpisodeUnits unit(SourceEpisode episode, float[] vector, Map<String, String> metadata) {
        SourceEpisode withMetadata = episode(
                episode.userId(),
                episode.sessionId(),
                episode.episodeId(),
                episode.content(),
                episode.timestamp(),
                metadata);
        return unit(withMetadata, vector);
    }
}
