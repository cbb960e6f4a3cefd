package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Episode ids belong to their user. Agents that number each conversation's messages 1, 2, 3 give every user the
 * same ids; each user must keep, find and delete their own episodes. A retry is a harmless duplicate, while a
 * different episode under a taken id is refused whole, never dropped without a word.
 */
@ExtendWith(RunningPlatform.class)
class EpisodeIdsIT {

    @Test
    void users_of_one_project_each_keep_their_episode_one() throws Exception {
        Gateway gateway = RunningPlatform.get().tenant("ids").gateway();
        gateway.add(batch("ana", "chat", episode("1", "My sister Ines lives in Porto and teaches piano.")));
        JsonPath second = gateway.add(batch("ben", "chat", episode("1", "I repair old motorbikes in my garage.")));
        assertThat(second.getList("episodes.status")).containsExactly("created");
        gateway.awaitIndexed("ana", Duration.ofSeconds(60));
        gateway.awaitIndexed("ben", Duration.ofSeconds(60));

        assertThat(gateway.episode("ana", "1").getString("content")).contains("Porto");
        assertThat(gateway.episode("ben", "1").getString("content")).contains("motorbikes");
        assertThat(gateway.search("ana", "Where does her sister live?", 3).getString("context"))
                .contains("Porto")
                .doesNotContain("motorbikes");
        assertThat(gateway.search("ben", "What does he repair?", 3).getString("context"))
                .contains("motorbikes")
                .doesNotContain("Porto");

        gateway.deleteEpisode("ben", "1");
        assertThat(gateway.episode("ana", "1").getString("content")).contains("Porto");
        assertThat(gateway.search("ana", "Where does her sister live?", 3).getString("context"))
                .contains("Porto");
    }

    @Test
    void a_retry_is_a_duplicate_and_a_different_episode_under_a_taken_id_is_a_conflict() {
        Gateway gateway = RunningPlatform.get().tenant("ids").gateway();
        Map<String, Object> first = batch("cleo", "chat", episode("7", "I am allergic to peanuts."));
        gateway.add(first);

        assertThat(gateway.add(first).getList("episodes.status")).containsExactly("duplicate");

        JsonPath conflict = gateway.addRefused(
                batch(
                        "cleo",
                        "chat",
                        episode("8", "A new message that must not be stored either."),
                        episode("7", "I am allergic to shellfish.")),
                409);
        assertThat(conflict.getString("detail")).contains("id 7 is already taken");
        assertThat(gateway.episode("cleo", "7").getString("content")).isEqualTo("I am allergic to peanuts.");
        assertThat(gateway.episodeStatus("cleo", "8")).isEqualTo(404);
        assertThat(gateway.status("cleo").getLong("stored")).isEqualTo(1);
    }

    @SafeVarargs
    private static Map<String, Object> batch(String user, String session, Map<String, Object>... episodes) {
        return Map.of("user_id", user, "session_id", session, "episodes", List.of(episodes));
    }

    private static Map<String, Object> episode(String id, String content) {
        return Map.of("id", id, "producer", "user", "content", content, "timestamp", "2026-03-14T18:30:00Z");
    }
}
