package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.RunIds;
import dev.engram.bench.Turn;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ClientWorkloadTest {

    private static final RunIds IDS = new RunIds("load-1");
    private static final LoadCorpus CORPUS = new LoadCorpus(
            "test",
            IntStream.range(0, 50)
                    .mapToObj(i -> new Turn("D1:" + i, i % 2 == 0 ? "Ana" : "Ben", "turn " + i, null))
                    .toList(),
            List.of("Where did Ana go?", "What did Ben adopt?"));

    private static LoadOptions options(double addRatio, int batch, int users, long seed) {
        return new LoadOptions(
                "http://127.0.0.1:8080",
                null,
                3,
                Duration.ofSeconds(1),
                addRatio,
                batch,
                users,
                null,
                seed,
                Duration.ZERO,
                Path.of("out"),
                List.of());
    }

    private static List<Operation> operations(ClientWorkload workload, int count) {
        List<Operation> operations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            operations.add(workload.next());
        }
        return operations;
    }

    @Test
    void adds_make_up_the_requested_share_of_requests() {
        List<Operation> operations = operations(new ClientWorkload(options(0.3, 4, 2, 7), IDS, CORPUS, 1), 20_000);

        long adds =
                operations.stream().filter(op -> op.kind() == RequestKind.ADD).count();

        assertThat(adds / 20_000.0).isBetween(0.29, 0.31);
        assertThat(operations(new ClientWorkload(options(0, 4, 2, 7), IDS, CORPUS, 1), 1000))
                .allMatch(op -> op.kind() == RequestKind.SEARCH);
        assertThat(operations(new ClientWorkload(options(1, 4, 2, 7), IDS, CORPUS, 1), 1000))
                .allMatch(op -> op.kind() == RequestKind.ADD);
    }

    @Test
    void every_episode_id_is_new_and_every_user_belongs_to_one_client() {
        Set<String> episodeIds = new HashSet<>();
        List<String> users = new ArrayList<>();
        int episodes = 0;
        for (int client = 1; client <= 3; client++) {
            ClientWorkload workload = new ClientWorkload(options(0.5, 4, 2, 7), IDS, CORPUS, client);
            users.addAll(workload.userIds());
            for (Operation op : operations(workload, 500)) {
                assertThat(workload.userIds()).contains(op.userId());
                for (JsonNode episode : op.body().path("episodes")) {
                    episodeIds.add(episode.path("id").asText());
                    episodes++;
                }
            }
        }

        assertThat(users)
                .containsExactly(
                        "load-1.c1-u1", "load-1.c1-u2", "load-1.c2-u1", "load-1.c2-u2", "load-1.c3-u1", "load-1.c3-u2");
        assertThat(episodes).isGreaterThan(500);
        assertThat(episodeIds).hasSize(episodes).allMatch(id -> id.startsWith("load-1:c"));
    }

    @Test
    void an_add_carries_the_users_next_turns_in_order_within_its_session() {
        ClientWorkload workload = new ClientWorkload(options(1, 3, 1, 7), IDS, CORPUS, 2);

        List<Operation> adds = operations(workload, ClientWorkload.ADDS_PER_SESSION + 1);

        JsonNode first = adds.get(0).body();
        assertThat(first.path("user_id").asText()).isEqualTo("load-1.c2-u1");
        assertThat(first.path("session_id").asText()).isEqualTo("load-1.c2-u1/session_1");
        assertThat(adds.get(0).episodes()).isEqualTo(3);
        JsonNode episodes = first.path("episodes");
        assertThat(episodes.get(0).path("id").asText()).isEqualTo("load-1:c2-u1:e0");
        assertThat(episodes.get(2).path("id").asText()).isEqualTo("load-1:c2-u1:e2");
        int start = Integer.parseInt(episodes.get(0).path("content").asText().substring("turn ".length()));
        assertThat(episodes.get(1).path("content").asText()).isEqualTo("turn " + (start + 1) % 50);
        assertThat(episodes.get(1).path("metadata").path("dia_id").asText()).isEqualTo("D1:" + (start + 1) % 50);
        assertThat(OffsetDateTime.parse(episodes.get(1).path("timestamp").asText()))
                .isEqualTo(ClientWorkload.FIRST_SESSION.plusSeconds(30));
        JsonNode ninth = adds.get(ClientWorkload.ADDS_PER_SESSION).body();
        assertThat(ninth.path("session_id").asText()).isEqualTo("load-1.c2-u1/session_2");
        assertThat(ninth.path("episodes").get(0).path("id").asText()).isEqualTo("load-1:c2-u1:e24");
        assertThat(OffsetDateTime.parse(
                        ninth.path("episodes").get(0).path("timestamp").asText()))
                .isEqualTo(ClientWorkload.FIRST_SESSION.plusDays(1));
    }

    @Test
    void a_search_asks_one_of_the_corpus_questions_of_one_of_the_clients_users() {
        Operation search = operations(new ClientWorkload(options(0, 4, 2, 7), IDS, CORPUS, 1), 1)
                .get(0);

        assertThat(search.episodes()).isZero();
        assertThat(search.body().path("user_id").asText()).isIn("load-1.c1-u1", "load-1.c1-u2");
        assertThat(search.body().path("query").asText()).isIn(CORPUS.questions());
        assertThat(search.body().path("top_k").asInt()).isEqualTo(10);
    }

    @Test
    void the_same_seed_gives_the_same_requests_and_another_seed_other_ones() {
        List<String> first = bodies(operations(new ClientWorkload(options(0.3, 4, 2, 7), IDS, CORPUS, 1), 200));
        List<String> again = bodies(operations(new ClientWorkload(options(0.3, 4, 2, 7), IDS, CORPUS, 1), 200));
        List<String> other = bodies(operations(new ClientWorkload(options(0.3, 4, 2, 8), IDS, CORPUS, 1), 200));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    private static List<String> bodies(List<Operation> operations) {
        return operations.stream().map(op -> op.body().toString()).toList();
    }
}
