package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Time filters and short-term memory, across the real services. */
@ExtendWith(RunningPlatform.class)
class SessionMemoryIT {

    private static final Instant FIRST = Instant.parse("2023-05-08T13:56:00Z");
    private static final Instant SECOND = Instant.parse("2023-06-20T09:00:00Z");
    private static Gateway gateway;

    @BeforeAll
    static void loadMemories() throws InterruptedException {
        gateway = RunningPlatform.get().gateway();
        gateway.add(Conversations.request("paula", "paula/s1", "paula-s1", Conversations.GARDENING, FIRST));
        gateway.add(Conversations.request("paula", "paula/s2", "paula-s2", Conversations.TRAVEL, SECOND));
        gateway.add(Conversations.request("paula", "paula/long", "paula-long", longTalk(), SECOND));
        gateway.awaitIndexed("paula", Duration.ofSeconds(60));
    }

    @Test
    void from_and_to_keep_results_inside_the_time_range() {
        JsonPath later = searchWithin(Map.of("from", SECOND.toString()));
        JsonPath earlier = searchWithin(Map.of("to", FIRST.plusSeconds(3600).toString()));

        assertThat(Gateway.episodeIds(later)).isNotEmpty().noneMatch(id -> id.startsWith("paula-s1:"));
        assertThat(Gateway.episodeIds(earlier)).isNotEmpty().allMatch(id -> id.startsWith("paula-s1:"));
        assertThat(later.getList("episodic.episodes.flatten().timestamp", String.class))
                .allMatch(at -> !Instant.parse(at).isBefore(SECOND));
    }

    @Test
    void a_session_search_shows_its_recent_episodes_once_in_short_term_memory() {
        JsonPath result = gateway.search(
                Map.of("user_id", "paula", "session_id", "paula/s1", "query", "What is Nadia planting?", "top_k", 5));

        List<String> recent = result.getList("short_term.episodes.id", String.class);
        assertThat(result.getString("short_term.session_id")).isEqualTo("paula/s1");
        assertThat(recent).startsWith("paula-s1:1").endsWith("paula-s1:" + Conversations.GARDENING.length);
        assertThat(Gateway.episodeIds(result)).doesNotContainAnyElementsOf(recent);
        assertThat(result.getString("context")).contains("Nadia: Tomatoes, basil and a row of purple carrots");
    }

    @Test
    void episodes_that_leave_the_window_are_summarized_and_nothing_said_goes_missing() throws InterruptedException {
        JsonPath memory = gateway.shortTerm("paula", "paula/long");
        Instant deadline = Instant.now().plusSeconds(30);
        while (memory.getInt("summarized_episodes") == 0 && Instant.now().isBefore(deadline)) {
            Thread.sleep(250);
            memory = gateway.shortTerm("paula", "paula/long");
        }

        int summarized = memory.getInt("summarized_episodes");
        List<String> recent = memory.getList("episodes.id", String.class);
        assertThat(summarized).isPositive();
        assertThat(memory.getString("summary")).contains("Marta");
        // Summarized episodes and the window together account for every episode of the session.
        assertThat(summarized + recent.size()).isEqualTo(longTalk().length);
        assertThat(recent).last().isEqualTo("paula-long:" + longTalk().length);
    }

    private static JsonPath searchWithin(Map<String, Object> filter) {
        return gateway.search(Map.of(
                "user_id", "paula", "query", "purple carrots and northern lights", "top_k", 20, "filter", filter));
    }

    /** Twelve long turns: more than the short-term window holds. */
    private static String[][] longTalk() {
        String[][] turns = new String[12][];
        for (int i = 0; i < turns.length; i++) {
            String speaker = i % 2 == 0 ? "Marta" : "Paula";
            turns[i] = new String[] {
                speaker,
                "On day " + (i + 1) + " of the pottery course " + speaker
                        + " glazed bowl number " + (i + 1) + " in a deep cobalt blue. "
                        + "The kiln ran hot all afternoon, so the studio smelled of clay and wood smoke. "
                        + "Everyone compared their pieces, argued about glaze recipes and planned the next firing. "
                        + "Later they cleaned the wheels, stacked the shelves and wrote notes for the teacher. "
                        + "It was a long and happy day, and the bowls will be ready to collect next week."
            };
        }
        return turns;
    }
}
