package dev.engram.vector.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SearchesInFlightTest {

    private final SearchesInFlight searches = new SearchesInFlight();

    @Test
    void withoutSearchesIndexingGoesOnAtOnce() {
        long started = System.nanoTime();

        assertThat(searches.awaitQuiet(Duration.ofSeconds(10))).isFalse();
        assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void indexingWaitsUntilTheLastSearchIsOver() throws Exception {
        searches.started();
        searches.started();
        CompletableFuture<Boolean> waiting =
                CompletableFuture.supplyAsync(() -> searches.awaitQuiet(Duration.ofMinutes(5)));

        searches.finished();
        Thread.sleep(100);
        assertThat(waiting).isNotDone();

        searches.finished();
        assertThat(waiting.get(30, TimeUnit.SECONDS)).isFalse();
        assertThat(searches.running()).isZero();
    }

    @Test
    void aSteadyStreamOfSearchesDelaysIndexingOnlyByTheBound() {
        searches.started();

        assertThat(searches.awaitQuiet(Duration.ofMillis(20))).isTrue();
        assertThat(searches.running()).isEqualTo(1);
    }

    @Test
    void moreEndsThanStartsNeverCountBelowZero() {
        searches.finished();

        assertThat(searches.running()).isZero();
        assertThat(searches.awaitQuiet(Duration.ofSeconds(1))).isFalse();
    }
}
