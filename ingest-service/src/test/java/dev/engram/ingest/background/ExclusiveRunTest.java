package dev.engram.ingest.background;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ExclusiveRunTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void closeVertx() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void a_start_asked_for_during_a_run_runs_once_more_right_after_it() {
        AtomicInteger runs = new AtomicInteger();
        AtomicReference<ExclusiveRun> exclusive = new AtomicReference<>();
        exclusive.set(new ExclusiveRun(
                vertx,
                () -> {
                    if (runs.incrementAndGet() == 1) {
                        // Two starts during the first run make one more run, not two.
                        exclusive.get().run().await().atMost(WAIT);
                        exclusive.get().run().await().atMost(WAIT);
                    }
                    return Uni.createFrom().voidItem();
                },
                failure -> {}));

        exclusive.get().run().await().atMost(WAIT);

        assertThat(runs).hasValue(2);
        // Released after the last run: a later start runs again.
        exclusive.get().run().await().atMost(WAIT);
        assertThat(runs).hasValue(3);
    }

    @Test
    void a_failed_run_is_reported_and_the_job_can_run_again() {
        List<Throwable> failures = new ArrayList<>();
        AtomicInteger runs = new AtomicInteger();
        ExclusiveRun exclusive = new ExclusiveRun(
                vertx,
                () -> runs.incrementAndGet() == 1
                        ? Uni.createFrom().failure(new IllegalStateException("database down"))
                        : Uni.createFrom().voidItem(),
                failures::add);

        exclusive.run().await().atMost(WAIT);
        exclusive.run().await().atMost(WAIT);

        assertThat(failures).extracting(Throwable::getMessage).containsExactly("database down");
        assertThat(runs).hasValue(2);
    }

    @Test
    void a_job_asked_for_again_in_every_run_runs_on_without_nesting_its_runs() {
        AtomicInteger runs = new AtomicInteger();
        AtomicReference<ExclusiveRun> exclusive = new AtomicReference<>();
        exclusive.set(new ExclusiveRun(
                vertx,
                () -> {
                    // Steady traffic: every run is asked for again while it runs.
                    if (runs.incrementAndGet() < 100_000) {
                        exclusive.get().run().await().atMost(WAIT);
                    }
                    return Uni.createFrom().voidItem();
                },
                failure -> {}));

        exclusive.get().run().await().atMost(WAIT);

        assertThat(runs).hasValue(100_000);
    }
}
