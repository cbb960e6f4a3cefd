package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class IndexingOutcomeTest {

    @Test
    void an_episode_is_missing_when_its_users_stored_count_falls_short_of_accepted() {
        Map<String, Long> accepted = new TreeMap<>(Map.of("a", 10L, "b", 8L, "c", 4L, "d", 5L));
        Map<String, UserStatus> last = Map.of(
                "a", new UserStatus(10, 10, 0),
                "b", new UserStatus(6, 6, 0),
                "c", new UserStatus(7, 4, 3));

        IndexingOutcome outcome = IndexingOutcome.of(accepted, last, false, 120.0, new ErrorCounts());

        assertThat(outcome.users()).isEqualTo(4);
        assertThat(outcome.accepted()).isEqualTo(27);
        assertThat(outcome.stored()).isEqualTo(23);
        assertThat(outcome.indexed()).isEqualTo(20);
        assertThat(outcome.pending()).isEqualTo(3);
        assertThat(outcome.missing()).isEqualTo(2);
        assertThat(outcome.usersShort()).containsExactly("b");
        assertThat(outcome.usersUnread()).isEqualTo(1);
        assertThat(outcome.caughtUp()).isFalse();
    }
}
