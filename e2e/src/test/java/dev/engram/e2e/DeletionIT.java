package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Deleting an episode, a session and a user reaches every store before it is reported complete: the episode
 * table, short-term memory, the vector index and the profile. Checked through the API, through vector-service's
 * own count, and by searching every text column the services own in PostgreSQL for the deleted words.
 */
@ExtendWith(RunningPlatform.class)
class DeletionIT {

    private static final String USER = "dora";

    @Test
    void deleting_an_episode_a_session_and_a_user_leaves_no_trace_in_any_store() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("deletion");
        Gateway gateway = tenant.gateway();
        StoreTraces traces = new StoreTraces(platform.database());
        List<String> sessionA = addSession(gateway, "trip/a", "a", 12, Instant.parse("2024-03-01T10:00:00Z"));
        List<String> sessionB = addSession(gateway, "trip/b", "b", 6, Instant.parse("2024-03-08T10:00:00Z"));
        gateway.awaitIndexed(USER, Duration.ofSeconds(90));
        awaitProfileMentions(gateway, marker("a", 0), Duration.ofSeconds(60));
        assertThat(traces.find(marker("a", 0)))
                .as("the marker is stored before deletion")
                .isNotEmpty();

        try (VectorIndex index =
                new VectorIndex(platform.host(), platform.port(dev.engram.launcher.ServiceKind.VECTOR))) {
            assertThat(index.count(tenant.project(), USER).getEpisodes()).isEqualTo(18);
            long facts = index.count(tenant.project(), USER).getFacts();
            assertThat(facts).as("facts derived from the episodes").isPositive();

            JsonPath episode = gateway.deleteEpisode(USER, sessionA.get(0));
            assertThat(episode.getString("status")).isEqualTo("complete");
            assertThat(episode.getLong("deleted_episodes")).isEqualTo(1);
            assertThat(gateway.episodeStatus(USER, sessionA.get(0))).isEqualTo(404);
            assertThat(traces.find(marker("a", 0)))
                    .as("traces of the deleted episode")
                    .isEmpty();
            assertThat(Gateway.episodeIds(gateway.search(USER, "kayak " + marker("a", 0), 10)))
                    .doesNotContain(sessionA.get(0));
            assertThat(index.count(tenant.project(), USER).getEpisodes()).isEqualTo(17);
            assertThat(index.count(tenant.project(), USER).getFacts()).isLessThan(facts);
            assertThat(Gateway.episodeIds(gateway.search(
                            Map.of("user_id", USER, "query", "kayak " + marker("a", 0), "top_k", 10, "mode", "graph"))))
                    .as("a graph search after the deletion")
                    .doesNotContain(sessionA.get(0));
            assertThat(Gateway.episodeIds(gateway.search(Map.of(
                            "user_id", USER, "query", "kayak " + marker("a", 0), "top_k", 10, "mode", "segtree"))))
                    .as("a segment-tree search after the deletion")
                    .doesNotContain(sessionA.get(0));
            JsonPath reconstructed = gateway.search(
                    Map.of("user_id", USER, "query", "kayak " + marker("a", 0), "top_k", 10, "mode", "reconstruct"));
            assertThat(Gateway.episodeIds(reconstructed))
                    .as("a reconstruction after the deletion")
                    .doesNotContain(sessionA.get(0));
            assertThat(reconstructed.getInt("trace.reconstruct.facts"))
                    .isEqualTo((int) index.count(tenant.project(), USER).getFacts());
            assertThat(reconstructed.getList("trace.reconstruct.steps.opened.flatten()", String.class))
                    .as("facts the navigator opened after the deletion")
                    .noneMatch(fact -> fact.startsWith(sessionA.get(0) + "#"));
            assertThat(gateway.profileHistory(USER).getList("entries.evidence.flatten()", String.class))
                    .doesNotContain(sessionA.get(0));

            JsonPath session = gateway.deleteSession(USER, "trip/a");
            assertThat(session.getString("status")).isEqualTo("complete");
            assertThat(session.getLong("deleted_episodes")).isEqualTo(11);
            for (int i = 0; i < 12; i++) {
                assertThat(traces.find(marker("a", i)))
                        .as("traces of session a, turn " + i)
                        .isEmpty();
            }
            assertThat(gateway.shortTerm(USER, "trip/a").getList("episodes")).isEmpty();
            assertThat(gateway.shortTerm(USER, "trip/a").getString("summary")).isEmpty();
            assertThat(gateway.listEpisodes(USER, Map.of()).getList("episodes.id", String.class))
                    .containsExactlyElementsOf(sessionB);
            assertThat(index.count(tenant.project(), USER).getEpisodes()).isEqualTo(6);

            JsonPath user = gateway.deleteUser(USER);
            assertThat(user.getString("status")).isEqualTo("complete");
            assertThat(user.getLong("deleted_episodes")).isEqualTo(6);
            for (int i = 0; i < 6; i++) {
                assertThat(traces.find(marker("b", i)))
                        .as("traces of session b, turn " + i)
                        .isEmpty();
            }
            assertThat(gateway.status(USER).getLong("stored")).isZero();
            assertThat(gateway.listEpisodes(USER, Map.of()).getList("episodes")).isEmpty();
            assertThat(gateway.profileHistory(USER).getList("entries")).isEmpty();
            var counts = index.count(tenant.project(), USER);
            assertThat(List.of(counts.getEpisodes(), counts.getTurnUnits(), counts.getUnits(), counts.getFacts()))
                    .containsOnly(0L);
        }
        System.out.printf("DeletionIT: deletions=3 (episode, session, user) episodes_deleted=18 traces_left=0%n");
    }

    /** A word no other test uses, so that finding it anywhere means this episode's text survived. */
    private static String marker(String session, int turn) {
        return "Zelquor" + session + "x" + turn;
    }

    /** First-person turns the rule extractor turns into profile entries, each carrying its marker. */
    private static List<String> addSession(Gateway gateway, String session, String tag, int turns, Instant start) {
        List<Map<String, Object>> episodes = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < turns; i++) {
            String id = "del-" + tag + "-" + i;
            ids.add(id);
            String content = i % 2 == 0
                    ? "I love paddling my kayak called " + marker(tag, i) + " on the lake every weekend. "
                            + "The water was calm and we saw herons near the reeds all morning long."
                    : "That sounds lovely, tell me more about " + marker(tag, i) + " and the lake. "
                            + "I would like to hear how the herons behaved when you came close to the reeds.";
            episodes.add(Map.of(
                    "id",
                    id,
                    "producer",
                    i % 2 == 0 ? "Dora" : "Sam",
                    "content",
                    content,
                    "timestamp",
                    start.plusSeconds(60L * i).toString()));
        }
        gateway.add(Map.of("user_id", USER, "session_id", session, "episodes", episodes));
        return ids;
    }

    private static void awaitProfileMentions(Gateway gateway, String text, Duration timeout)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!gateway.profileHistory(USER)
                .prettify()
                .toLowerCase(java.util.Locale.ROOT)
                .contains(text.toLowerCase(java.util.Locale.ROOT))) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the profile never mentioned " + text + ": "
                        + gateway.profileHistory(USER).prettify());
            }
            Thread.sleep(250);
        }
    }
}
