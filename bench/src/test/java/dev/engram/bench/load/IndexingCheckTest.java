package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexingCheckTest {

    private static final Duration POLL = Duration.ofMillis(10);

    private static void store(RawGateway gateway, String user, int episodes) throws Exception {
        ObjectNode body =
                JsonNodeFactory.instance.objectNode().put("user_id", user).put("session_id", "s");
        for (int i = 0; i < episodes; i++) {
            body.withArray("episodes").addObject().put("id", user + ":" + i).put("content", "hello");
        }
        gateway.addMemoriesOnce(body);
    }

    @Test
    void waits_until_every_user_has_nothing_pending() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 3)) {
            RawGateway gateway = new RawGateway(fake.url(), null, java.time.Duration.ofSeconds(30));
            store(gateway, "a", 4);
            store(gateway, "b", 2);

            IndexingOutcome outcome =
                    new IndexingCheck(gateway, POLL).await(Map.of("a", 4L, "b", 2L), Duration.ofSeconds(10));

            assertThat(outcome.caughtUp()).isTrue();
            assertThat(outcome.seconds()).isGreaterThanOrEqualTo(3 * POLL.toMillis() / 1000.0 - 0.001);
            assertThat(outcome.accepted()).isEqualTo(6);
            assertThat(outcome.stored()).isEqualTo(6);
            assertThat(outcome.indexed()).isEqualTo(6);
            assertThat(outcome.pending()).isZero();
            assertThat(outcome.missing()).isZero();
            assertThat(outcome.errors().total()).isZero();
        }
    }

    @Test
    void gives_up_after_the_settle_time_and_reports_what_is_pending() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, Integer.MAX_VALUE)) {
            RawGateway gateway = new RawGateway(fake.url(), null, java.time.Duration.ofSeconds(30));
            store(gateway, "a", 3);

            IndexingOutcome outcome = new IndexingCheck(gateway, POLL).await(Map.of("a", 3L), Duration.ofMillis(200));

            assertThat(outcome.caughtUp()).isFalse();
            assertThat(outcome.seconds()).isBetween(0.2, 5.0);
            assertThat(outcome.pending()).isEqualTo(3);
            assertThat(outcome.missing()).isZero();
        }
    }

    @Test
    void users_are_asked_after_in_the_order_written_and_not_past_the_first_still_pending() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, Integer.MAX_VALUE)) {
            RawGateway gateway = new RawGateway(fake.url(), null, java.time.Duration.ofSeconds(30));
            Map<String, Long> accepted = new LinkedHashMap<>();
            for (String user : List.of("first", "second", "third")) {
                store(gateway, user, 2);
                accepted.put(user, 2L);
            }

            IndexingOutcome outcome = new IndexingCheck(gateway, POLL).await(accepted, Duration.ofMillis(300));

            assertThat(fake.statusReads("first")).isGreaterThan(5);
            // Asked after once, when the settle time was over, so that the outcome covers every user.
            assertThat(fake.statusReads("second")).isEqualTo(1);
            assertThat(fake.statusReads("third")).isEqualTo(1);
            assertThat(outcome.caughtUp()).isFalse();
            assertThat(outcome.pending()).isEqualTo(6);
            assertThat(outcome.usersUnread()).isZero();
            assertThat(outcome.missing()).isZero();
        }
    }

    @Test
    void finds_accepted_episodes_that_are_not_stored() throws Exception {
        try (FakeGateway fake = new FakeGateway(Integer.MAX_VALUE, 0)) {
            RawGateway gateway = new RawGateway(fake.url(), null, java.time.Duration.ofSeconds(30));
            store(gateway, "a", 5);
            fake.lose("a", 2);

            IndexingOutcome outcome = new IndexingCheck(gateway, POLL).await(Map.of("a", 5L), Duration.ofSeconds(10));

            assertThat(outcome.caughtUp()).isTrue();
            assertThat(outcome.stored()).isEqualTo(3);
            assertThat(outcome.missing()).isEqualTo(2);
            assertThat(outcome.usersShort()).containsExactly("a");
        }
    }

    @Test
    void a_gateway_that_is_gone_leaves_users_unread_and_counts_the_failed_reads() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RawGateway gateway = new RawGateway("http://127.0.0.1:" + port, null, java.time.Duration.ofSeconds(30));

        IndexingOutcome outcome = new IndexingCheck(gateway, POLL).await(Map.of("a", 5L), Duration.ZERO);

        assertThat(outcome.caughtUp()).isFalse();
        assertThat(outcome.usersUnread()).isEqualTo(1);
        assertThat(outcome.missing()).isZero();
        assertThat(outcome.errors().byCause())
                .containsExactly(
                        Map.entry(new ErrorCounts.Key(RequestKind.STATUS, "connection failed (ConnectException)"), 1L));
    }
}
