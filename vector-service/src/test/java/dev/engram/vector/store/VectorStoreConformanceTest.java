package dev.engram.vector.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.within;

import dev.engram.vector.model.EpisodeUnits;
import dev.engram.vector.model.IndexUnit;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitCounts;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.model.UnitSelection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link VectorStore} must do, with hand-made 4-dimensional vectors and no embedding model.
 * Each implementation runs it through a subclass that opens an empty store per test.
 */
public abstract class VectorStoreConformanceTest {

    protected static final int DIMENSION = 4;
    protected static final HybridSettings SETTINGS = new HybridSettings(10, 60, 3);

    private static final float[] NORTH = {1, 0, 0, 0};
    private static final float[] NORTH_EAST = {1, 1, 0, 0};
    private static final float[] EAST = {0, 1, 0, 0};
    private static final float[] UP = {0, 0, 1, 0};
    private static final Instant T0 = Instant.parse("2023-05-08T13:00:00Z");
    private static final UnitFilter ALICE = UnitFilter.forUser("p", "alice");

    protected VectorStore store;

    /** An empty store of {@link #DIMENSION}-dimensional vectors searching with {@link #SETTINGS}. */
    protected abstract VectorStore openEmptyStore();

    @BeforeEach
    void open() {
        store = openEmptyStore();
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

        List<UnitHit> hits = store.search(query("orchid greenhouse", NORTH, ALICE, 10));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("both", "words", "dense");
        assertThat(hits)
                .extracting(UnitHit::score)
                .containsExactly(1.0 / (60 + 2) + 1.0 / (60 + 1), 1.0 / (60 + 3) + 1.0 / (60 + 2), 1.0 / (60 + 1));
    }

    @Test
    void an_episode_is_ranked_once_by_its_best_sentence() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        SourceEpisode pets = episode("alice", "s1", "pets", "My cat sleeps all day.", T0);
        store.index(List.of(
                sentences(trip, "We flew to Lisbon.", NORTH_EAST, "The food was great.", NORTH),
                sentences(pets, pets.content(), EAST)));

        List<UnitHit> hits = store.search(query("zzz", NORTH, ALICE, 10));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("trip", "pets");
        assertThat(hits.get(0).unitId()).isEqualTo("trip#2");
        assertThat(hits.get(0).text()).isEqualTo("The food was great.");
    }

    @Test
    void bm25_credits_words_spread_over_the_sentences_of_a_turn() {
        SourceEpisode spread = episode("alice", "s1", "spread", "I bought a kayak. It is red.", T0);
        SourceEpisode single = episode("alice", "s1", "single", "A red bike.", T0);
        SourceEpisode closest = episode("alice", "s1", "closest", "Nothing to see.", T0);
        // The dense retriever ranks "closest" first and cannot tell the other two apart.
        store.index(List.of(
                sentences(spread, "I bought a kayak.", UP, "It is red.", UP),
                sentences(single, single.content(), UP),
                sentences(closest, closest.content(), EAST)));

        List<UnitHit> hits = store.search(query("red kayak", EAST, ALICE, 3));

        assertThat(hits).extracting(UnitHit::episodeId).containsExactly("spread", "single", "closest");
    }

    @Test
    void hits_carry_the_session_the_matching_unit_and_the_exact_timestamp() {
        Instant at = T0.plusNanos(123_456_789);
        store.index(List.of(unit(episode("alice", "s7", "e1", "orchid", at), NORTH)));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10)))
                .singleElement()
                .satisfies(hit -> {
                    assertThat(hit.episodeId()).isEqualTo("e1");
                    assertThat(hit.sessionId()).isEqualTo("s7");
                    assertThat(hit.unitId()).isEqualTo("e1#0");
                    assertThat(hit.text()).isEqualTo("orchid");
                    assertThat(hit.timestamp()).isEqualTo(at);
                });
    }

    @Test
    void another_users_units_are_never_returned() {
        store.index(List.of(
                unit(episode("alice", "s1", "a1", "my secret orchid", T0), NORTH),
                unit(episode("bob", "s1", "b1", "my secret orchid", T0), NORTH)));

        assertThat(ids(store.search(query("secret orchid", NORTH, ALICE, 10)))).containsExactly("a1");
        assertThat(ids(store.search(query("secret orchid", NORTH, UnitFilter.forUser("p", "bob"), 10))))
                .containsExactly("b1");
    }

    @Test
    void projects_are_separate_tenants_even_for_the_same_episode_id() {
        store.index(List.of(
                unit(episode("p", "alice", "s1", "e1", "orchid in p", T0), NORTH),
                unit(episode("q", "alice", "s1", "e1", "orchid in q", T0), NORTH)));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10)))
                .extracting(UnitHit::text)
                .containsExactly("orchid in p");
        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("other-project", "alice"), 10)))
                .isEmpty();

        store.delete(UnitSelection.episodes("q", "alice", List.of("e1")));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10)))
                .extracting(UnitHit::text)
                .containsExactly("orchid in p");
        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("q", "alice"), 10)))
                .isEmpty();
    }

    /** Episode ids name an episode within its user: agents that number their messages 1, 2, 3 all collide. */
    @Test
    void users_of_one_project_keep_their_own_episode_of_the_same_id() {
        store.index(List.of(
                unit(episode("alice", "s1", "1", "alice keeps an orchid", T0), NORTH),
                unit(episode("bob", "s1", "1", "bob keeps an orchid", T0), NORTH)));
        // Re-indexing one user's episode leaves the other user's alone.
        store.index(List.of(unit(episode("bob", "s1", "1", "bob keeps two orchids", T0), NORTH)));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10)))
                .extracting(UnitHit::text)
                .containsExactly("alice keeps an orchid");
        assertThat(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "bob"), 10)))
                .extracting(UnitHit::text)
                .containsExactly("bob keeps two orchids");

        store.delete(UnitSelection.episodes("p", "bob", List.of("1")));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10)))
                .extracting(UnitHit::text)
                .containsExactly("alice keeps an orchid");
    }

    @Test
    void filters_narrow_both_retrievers() {
        store.index(List.of(
                unit(episode("alice", "s1", "early", "orchid", T0, Map.of("dia", "1")), NORTH),
                unit(episode("alice", "s2", "exact-end", "orchid", T0.plusSeconds(60), Map.of("dia", "2")), NORTH),
                unit(episode("alice", "s3", "late", "orchid", T0.plusSeconds(120), Map.of("dia", "3")), NORTH),
                unit(episode("alice", "s3", "undated", "orchid", null, Map.of("dia.x", "3")), NORTH)));

        assertThat(ids(filtered("", "", Set.of("s1", "s3"), null, null, Set.of(), Map.of())))
                .containsExactlyInAnyOrder("early", "late", "undated");
        assertThat(ids(filtered("", "s2", Set.of(), null, null, Set.of(), Map.of())))
                .containsExactly("exact-end");
        assertThat(ids(filtered("", "", Set.of(), T0.plusSeconds(1), T0.plusSeconds(60), Set.of(), Map.of())))
                .containsExactly("exact-end");
        assertThat(ids(filtered("", "", Set.of(), T0, T0, Set.of(), Map.of()))).containsExactly("early");
        assertThat(ids(filtered("", "", Set.of(), T0.plusSeconds(61), null, Set.of(), Map.of())))
                .containsExactly("late");
        assertThat(ids(filtered("", "", Set.of(), null, null, Set.of("Caroline"), Map.of("dia", "3"))))
                .containsExactly("late");
        assertThat(ids(filtered("", "", Set.of(), null, null, Set.of(), Map.of("dia.x", "3"))))
                .containsExactly("undated");
        assertThat(ids(filtered("", "", Set.of(), null, null, Set.of("Melanie"), Map.of())))
                .isEmpty();
        assertThat(ids(filtered("agent-1", "s1", Set.of(), null, null, Set.of(), Map.of())))
                .containsExactly("early");
        assertThat(ids(filtered("agent-2", "", Set.of(), null, null, Set.of(), Map.of())))
                .isEmpty();
    }

    @Test
    void re_indexing_an_episode_replaces_its_units() {
        SourceEpisode first = episode("alice", "s1", "e1", "orchid", T0);
        SourceEpisode edited = episode("alice", "s1", "e1", "tulip", T0);
        store.index(List.of(unit(first, NORTH)));
        store.index(List.of(unit(first, NORTH), unit(edited, EAST)));
        store.index(List.of(unit(edited, EAST)));

        List<UnitHit> hits = store.search(query("tulip orchid", NORTH, ALICE, 10));

        assertThat(hits).singleElement().satisfies(hit -> {
            assertThat(hit.episodeId()).isEqualTo("e1");
            assertThat(hit.text()).isEqualTo("tulip");
        });
    }

    @Test
    void re_indexing_with_fewer_units_leaves_none_of_the_old_ones() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        store.index(List.of(sentences(trip, "We flew to Lisbon.", EAST, "The food was great.", NORTH)));
        store.index(List.of(sentences(trip, "We flew to Lisbon.", EAST)));

        assertThat(store.search(query("zzz", NORTH, ALICE, 10)))
                .singleElement()
                .satisfies(hit -> assertThat(hit.unitId()).isEqualTo("trip#1"));
        assertThat(store.similarity("p", "alice", List.of("trip"), NORTH)).containsEntry("trip", 0.5f);
    }

    @Test
    void deleted_episodes_are_no_longer_found() {
        store.index(List.of(
                unit(episode("alice", "s1", "keep", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "drop", "orchid", T0), NORTH)));

        store.delete(UnitSelection.episodes("p", "alice", List.of("drop", "never-indexed")));

        assertThat(ids(store.search(query("orchid", NORTH, ALICE, 10)))).containsExactly("keep");
        assertThat(store.similarity("p", "alice", List.of("keep", "drop"), NORTH))
                .containsOnlyKeys("keep");
    }

    @Test
    void delete_removes_every_unit_of_the_episode() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        store.index(List.of(
                sentences(trip, "We flew to Lisbon.", NORTH, "The food was great.", EAST),
                unit(episode("alice", "s1", "other", "tulip", T0), UP)));

        store.delete(UnitSelection.episodes("p", "alice", List.of("trip")));

        assertThat(ids(store.search(query("Lisbon food", NORTH, ALICE, 10)))).containsExactly("other");
        assertThat(store.count("p", "alice")).isEqualTo(new UnitCounts(1, 1, 1));
    }

    @Test
    void a_user_cannot_delete_another_users_episode_by_its_id() {
        store.index(List.of(unit(episode("bob", "s1", "b1", "orchid", T0), NORTH)));

        store.delete(UnitSelection.episodes("p", "alice", List.of("b1")));

        assertThat(ids(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "bob"), 10))))
                .containsExactly("b1");
    }

    @Test
    void deleting_a_session_leaves_the_users_other_sessions_and_other_users_alone() {
        store.index(List.of(
                unit(episode("alice", "s1", "a1", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "a2", "orchid", T0), NORTH),
                unit(episode("alice", "s2", "a3", "orchid", T0), NORTH),
                unit(episode("bob", "s1", "b1", "orchid", T0), NORTH)));

        store.delete(UnitSelection.session("p", "alice", "s1"));

        assertThat(ids(store.search(query("orchid", NORTH, ALICE, 10)))).containsExactly("a3");
        assertThat(ids(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "bob"), 10))))
                .containsExactly("b1");
    }

    @Test
    void deleting_a_user_leaves_other_users_and_the_same_user_in_other_projects_alone() {
        store.index(List.of(
                unit(episode("alice", "s1", "a1", "orchid", T0), NORTH),
                unit(episode("alice", "s2", "a2", "orchid", T0), NORTH),
                unit(episode("bob", "s1", "b1", "orchid", T0), NORTH),
                unit(episode("q", "alice", "s1", "a1", "orchid", T0), NORTH)));

        store.delete(UnitSelection.user("p", "alice"));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10))).isEmpty();
        assertThat(store.similarity("p", "alice", List.of("a1", "a2"), NORTH)).isEmpty();
        assertThat(store.count("p", "alice")).isEqualTo(UnitCounts.NONE);
        assertThat(ids(store.search(query("orchid", NORTH, UnitFilter.forUser("p", "bob"), 10))))
                .containsExactly("b1");
        assertThat(ids(store.search(query("orchid", NORTH, UnitFilter.forUser("q", "alice"), 10))))
                .containsExactly("a1");
    }

    @Test
    void deleting_what_is_not_there_is_harmless() {
        store.index(List.of(unit(episode("alice", "s1", "a1", "orchid", T0), NORTH)));

        store.delete(UnitSelection.user("p", "nobody"));
        store.delete(UnitSelection.session("p", "alice", "no-such-session"));
        store.delete(UnitSelection.episodes("p", "alice", List.of("a1")));
        store.delete(UnitSelection.episodes("p", "alice", List.of("a1")));

        assertThat(store.search(query("orchid", NORTH, ALICE, 10))).isEmpty();
        assertThat(store.count("p", "alice")).isEqualTo(UnitCounts.NONE);
    }

    @Test
    void a_deleted_episode_indexed_again_is_found_again() {
        SourceEpisode episode = episode("alice", "s1", "a1", "orchid", T0);
        store.index(List.of(unit(episode, NORTH)));
        store.delete(UnitSelection.user("p", "alice"));

        store.index(List.of(unit(episode, NORTH)));

        assertThat(ids(store.search(query("orchid", NORTH, ALICE, 10)))).containsExactly("a1");
    }

    @Test
    void counts_are_the_users_episodes_turns_and_units() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        SourceEpisode pets = episode("alice", "s2", "pets", "My cat sleeps all day.", T0);
        store.index(List.of(
                sentences(trip, "We flew to Lisbon.", NORTH, "The food was great.", EAST),
                sentences(pets, pets.content(), UP),
                unit(episode("bob", "s1", "b1", "orchid", T0), NORTH),
                unit(episode("q", "alice", "s1", "q1", "orchid", T0), NORTH)));

        // trip: a turn and two sentences; pets: a turn and one sentence.
        assertThat(store.count("p", "alice")).isEqualTo(new UnitCounts(2, 2, 5));
        assertThat(store.count("p", "bob")).isEqualTo(new UnitCounts(1, 1, 1));
        assertThat(store.count("p", "nobody")).isEqualTo(UnitCounts.NONE);
    }

    @Test
    void re_indexing_an_episode_does_not_change_the_counts() {
        SourceEpisode trip = episode("alice", "s1", "trip", "We flew to Lisbon. The food was great.", T0);
        EpisodeUnits units = sentences(trip, "We flew to Lisbon.", NORTH, "The food was great.", EAST);
        store.index(List.of(units));
        store.index(List.of(units, units));
        store.index(List.of(units));

        assertThat(store.count("p", "alice")).isEqualTo(new UnitCounts(1, 1, 3));
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

    @Test
    void query_text_with_query_syntax_is_searched_as_plain_words() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "AND the orchid", T0), NORTH),
                unit(episode("alice", "s1", "e2", "tulip", T0), UP)));

        for (String text : List.of("\"*:(AND", "orchid~2^3 OR [a TO z]", "\\", "*", "the a of", "🙂 ???")) {
            assertThatCode(() -> store.search(query(text, EAST, ALICE, 5)))
                    .as(text)
                    .doesNotThrowAnyException();
        }
        // The dense retriever prefers e2; only the BM25 match on the word "orchid" lifts e1 above it.
        assertThat(ids(store.search(query("\"orchid*:(", UP, ALICE, 1)))).containsExactly("e1");
    }

    @Test
    void the_limit_caps_the_hits() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "e2", "tulip", T0), NORTH_EAST),
                unit(episode("alice", "s1", "e3", "rose", T0), EAST)));

        assertThat(ids(store.search(query("zzz", NORTH, ALICE, 2)))).containsExactly("e1", "e2");
    }

    @Test
    void an_episode_listed_twice_in_one_call_keeps_its_last_occurrence() {
        store.index(List.of(
                unit(episode("alice", "s1", "e1", "orchid", T0), NORTH),
                unit(episode("alice", "s1", "e1", "tulip", T0), NORTH)));

        assertThat(store.search(query("orchid tulip", NORTH, ALICE, 10)))
                .extracting(UnitHit::text)
                .containsExactly("tulip");
    }

    private List<UnitHit> filtered(
            String agentId,
            String sessionId,
            Set<String> sessionIds,
            Instant from,
            Instant to,
            Set<String> producers,
            Map<String, String> metadata) {
        UnitFilter filter = new UnitFilter(
                ALICE.project(), ALICE.userId(), agentId, sessionId, sessionIds, from, to, producers, metadata);
        return store.search(query("orchid", NORTH, filter, 10));
    }

    private static List<String> ids(List<UnitHit> hits) {
        return hits.stream().map(UnitHit::episodeId).toList();
    }

    private static UnitQuery query(String text, float[] vector, UnitFilter filter, int limit) {
        return new UnitQuery(text, vector, filter, limit);
    }

    private static SourceEpisode episode(String user, String session, String id, String content, Instant at) {
        return episode("p", user, session, id, content, at);
    }

    private static SourceEpisode episode(
            String project, String user, String session, String id, String content, Instant at) {
        return new SourceEpisode(project, user, "agent-1", session, id, "Caroline", content, at, Map.of());
    }

    private static SourceEpisode episode(
            String user, String session, String id, String content, Instant at, Map<String, String> metadata) {
        return new SourceEpisode("p", user, "agent-1", session, id, "Caroline", content, at, metadata);
    }

    /** One turn, embedded whole: both retrievers see it. */
    private static EpisodeUnits unit(SourceEpisode episode, float[] vector) {
        return new EpisodeUnits(
                episode, List.of(new IndexUnit(episode.episodeId() + "#0", UnitKind.TURN, episode.content(), vector)));
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
}
