package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngramIngestTest {

    private final EngramIngest ingest =
            new EngramIngest(Gateways.connect("http://127.0.0.1:1", null), new RunIds("bench-1"));

    @Test
    void one_episode_per_turn_in_the_session_of_its_user() {
        Session session = Fixture.dataset().conversations().get(0).sessions().get(1);
        List<ObjectNode> requests = ingest.requests(session);

        assertThat(requests).hasSize(1);
        JsonNode body = requests.get(0);
        assertThat(body.path("user_id").asText()).isEqualTo("bench-1.conv-a");
        assertThat(body.path("session_id").asText()).isEqualTo("conv-a/session_2");
        JsonNode second = body.path("episodes").get(1);
        assertThat(second.path("id").asText()).isEqualTo("bench-1:conv-a:D2:2");
        assertThat(second.path("producer").asText()).isEqualTo("Ana");
        // Two people talk in the session: each turn is said to the other one.
        JsonNode first = body.path("episodes").get(0);
        assertThat(first.path("producer").asText()).isNotEqualTo("Ana");
        assertThat(first.path("produced_for").asText()).isEqualTo("Ana");
        assertThat(second.path("produced_for").asText())
                .isEqualTo(first.path("producer").asText());
        assertThat(second.path("content").asText()).endsWith(" [image: a photo of a finisher medal]");
        assertThat(second.path("metadata").toString()).isEqualTo("{\"dia_id\":\"D2:2\"}");
    }

    @Test
    void turns_are_a_few_seconds_apart_from_the_session_time() {
        Session session = Fixture.dataset().conversations().get(0).sessions().get(1);
        JsonNode episodes = ingest.requests(session).get(0).path("episodes");

        assertThat(OffsetDateTime.parse(episodes.get(0).path("timestamp").asText()))
                .isEqualTo(OffsetDateTime.parse("2023-05-10T09:05:00Z"));
        assertThat(OffsetDateTime.parse(episodes.get(2).path("timestamp").asText()))
                .isEqualTo(OffsetDateTime.parse("2023-05-10T09:05:10Z"));
    }

    @Test
    void a_session_longer_than_a_request_allows_is_sent_in_chunks_of_1000() {
        List<Turn> turns = new ArrayList<>();
        for (int i = 1; i <= 1001; i++) {
            turns.add(new Turn("D1:" + i, "Ana", "turn " + i, null));
        }
        Session session = new Session("conv-x", 1, OffsetDateTime.parse("2023-01-01T00:00:00Z"), turns);

        List<ObjectNode> requests = ingest.requests(session);

        assertThat(requests).extracting(r -> r.path("episodes").size()).containsExactly(1000, 1);
        assertThat(requests.get(1).path("episodes").get(0).path("id").asText()).isEqualTo("bench-1:conv-x:D1:1001");
    }

    @Test
    void different_runs_write_to_different_users_and_episode_ids() {
        RunIds first = RunIds.fresh();
        RunIds second = new RunIds(first.runId() + "x");
        assertThat(first.userId("conv-a")).isNotEqualTo(second.userId("conv-a"));
        assertThat(first.episodeId("conv-a", "D1:1")).isNotEqualTo(second.episodeId("conv-a", "D1:1"));
        assertThat(first.userId("conv-a")).matches("[A-Za-z0-9._:@-]{1,128}");
    }
}
