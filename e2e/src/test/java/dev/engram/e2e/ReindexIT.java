package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.launcher.ServiceKind;
import dev.engram.proto.v1.VectorCountResponse;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A reindex rewrites the index from the stored episodes while searches keep answering from it. */
@ExtendWith(RunningPlatform.class)
class ReindexIT {

    private static final String USER = "rhea";
    private static final int EPISODES = 300;
    private static final String INDEXED_UNITS = "engram_vector_indexed_units_total";

    @Test
    void searches_keep_answering_during_a_reindex_and_every_episode_is_indexed_once_after_it() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("reindex");
        Gateway gateway = tenant.gateway();
        List<Map<String, Object>> episodes = new ArrayList<>();
        Instant start = Instant.parse("2024-02-01T08:00:00Z");
        for (int i = 0; i < EPISODES; i++) {
            String content = i == 150
                    ? "My grandmother's lighthouse on the island of Vireo was painted red in 1962."
                    : "Turn " + i + " of a long chat about the weather, the garden and weekend plans.";
            episodes.add(Map.of(
                    "id",
                    "rx-" + i,
                    "content",
                    content,
                    "timestamp",
                    start.plusSeconds(30L * i).toString()));
        }
        for (int from = 0; from < EPISODES; from += 100) {
            gateway.add(Map.of("user_id", USER, "session_id", "long", "episodes", episodes.subList(from, from + 100)));
        }
        gateway.awaitIndexed(USER, Duration.ofSeconds(120));

        String vector = platform.url(ServiceKind.VECTOR);
        long units;
        long facts;
        long embedded;
        try (VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            VectorCountResponse before = index.count(tenant.project(), USER);
            units = before.getUnits();
            facts = before.getFacts();
            // Turns are indexed for BM25 only; every other unit (sentences, captions) is embedded.
            embedded = before.getUnits() - before.getTurnUnits();
        }
        double unitsBefore = Metrics.read(vector, INDEXED_UNITS, "").orElse(0);

        long queued = gateway.reindex().getLong("queued_episodes");
        // The index is rewritten while these run: vector-service counts every unit it embeds and writes.
        int searches = 0;
        int found = 0;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (Metrics.read(vector, INDEXED_UNITS, "").orElse(0) < unitsBefore + embedded) {
            assertThat(Instant.now()).as("reindex finished in time").isBefore(deadline);
            List<String> ids = Gateway.episodeIds(gateway.search(USER, "What colour was the lighthouse on Vireo?", 3));
            searches++;
            if (ids.contains("rx-150")) {
                found++;
            }
        }
        gateway.awaitIndexed(USER, Duration.ofSeconds(120));

        VectorCountResponse counts;
        try (VectorIndex index = new VectorIndex(platform.host(), platform.port(ServiceKind.VECTOR))) {
            counts = index.count(tenant.project(), USER);
        }
        System.out.printf(
                "ReindexIT: queued=%d searches_during_reindex=%d answered_with_the_episode=%d indexed=%d turn_units=%d%n",
                queued, searches, found, counts.getEpisodes(), counts.getTurnUnits());
        assertThat(queued).isEqualTo(EPISODES);
        assertThat(searches).as("searches while the index was rewritten").isPositive();
        assertThat(counts.getUnits()).as("units after the reindex").isEqualTo(units);
        assertThat(counts.getFacts())
                .as("facts after the reindex")
                .isEqualTo(facts)
                .isPositive();
        assertThat(found)
                .as("searches during the reindex that found the episode")
                .isEqualTo(searches);
        assertThat(counts.getEpisodes()).isEqualTo(EPISODES);
        assertThat(counts.getTurnUnits()).isEqualTo(EPISODES);
        assertThat(Gateway.episodeIds(gateway.search(USER, "What colour was the lighthouse on Vireo?", 3)))
                .contains("rx-150");
        // The cue-tag-content graph is derived from the facts: rebuilt with them, it leads to the same turn.
        JsonPath reconstructed = gateway.search(Map.of(
                "user_id",
                USER,
                "query",
                "What colour was the lighthouse on Vireo?",
                "top_k",
                3,
                "mode",
                "reconstruct"));
        assertThat(reconstructed.getString("trace.mode")).isEqualTo("reconstruct");
        assertThat(reconstructed.getLong("trace.reconstruct.facts")).isEqualTo(counts.getFacts());
        assertThat(reconstructed.getList("trace.reconstruct.steps.opened.flatten()", String.class))
                .as("facts the navigator opened after the reindex")
                .anyMatch(fact -> fact.startsWith("rx-150#"));
    }
}
