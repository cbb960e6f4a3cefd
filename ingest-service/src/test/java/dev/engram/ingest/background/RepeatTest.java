package dev.engram.ingest.background;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RepeatTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void rounds_that_finish_at_once_run_one_after_the_other_without_nesting() {
        AtomicInteger rounds = new AtomicInteger();

        Repeat.whileTrue(() -> Uni.createFrom().item(rounds.incrementAndGet() < 200_000))
                .await()
                .atMost(WAIT);

        // A chain of 200,000 rounds completed on one thread would have overflowed the stack.
        assertThat(rounds).hasValue(200_000);
    }

    @Test
    void a_failing_round_ends_the_repetition_with_its_failure() {
        AtomicInteger rounds = new AtomicInteger();

        assertThatThrownBy(() -> Repeat.whileTrue(() -> rounds.incrementAndGet() == 3
                                ? Uni.createFrom().failure(new IllegalStateException("store down"))
                                : Uni.createFrom().item(true))
                        .await()
                        .atMost(WAIT))
                .hasMessage("store down");
        assertThat(rounds).hasValue(3);
    }
}
