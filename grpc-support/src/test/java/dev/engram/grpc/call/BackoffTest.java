package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1));
    private final Random random = new Random(42);

    @Test
    void each_pause_doubles_up_to_the_maximum_less_up_to_half_at_random() {
        for (int i = 0; i < 200; i++) {
            assertThat(backoff.pause(0, random)).isBetween(Duration.ofMillis(50), Duration.ofMillis(100));
            assertThat(backoff.pause(1, random)).isBetween(Duration.ofMillis(100), Duration.ofMillis(200));
            assertThat(backoff.pause(3, random)).isBetween(Duration.ofMillis(400), Duration.ofMillis(800));
            assertThat(backoff.pause(4, random)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
            assertThat(backoff.pause(1_000, random)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
        }
    }

    @Test
    void callers_that_failed_together_do_not_pause_alike() {
        long distinct = java.util.stream.IntStream.range(0, 50)
                .mapToObj(i -> backoff.pause(2, random))
                .distinct()
                .count();

        assertThat(distinct).isGreaterThan(40);
    }

    @Test
    void a_maximum_below_the_first_pause_is_refused() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
