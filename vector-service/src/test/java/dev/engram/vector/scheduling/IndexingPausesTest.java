package dev.engram.vector.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class IndexingPausesTest {

    private final SearchesInFlight searches = new SearchesInFlight();

    @Test
    void before_any_work_indexing_does_not_pause() {
        searches.started();
        IndexingPauses pauses = new IndexingPauses(searches, Duration.ofSeconds(10), () -> 0L);

        pauses.run();

        assertThat(pauses.paused()).isZero();
    }

    @Test
    void pauses_never_add_up_to_more_than_the_work_done() throws Exception {
        searches.started();
        IndexingPauses pauses = new IndexingPauses(searches, Duration.ofSeconds(10));
        Thread.sleep(60); // indexing's work so far

        long started = System.nanoTime();
        pauses.run();
        pauses.run(); // nothing left: the first pause used the whole allowance

        Duration waited = Duration.ofNanos(System.nanoTime() - started);
        assertThat(waited).isLessThan(Duration.ofSeconds(5));
        assertThat(pauses.paused()).isGreaterThanOrEqualTo(Duration.ofMillis(40));
        assertThat(pauses.paused()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void one_pause_lasts_at_most_the_configured_longest() throws Exception {
        searches.started();
        IndexingPauses pauses = new IndexingPauses(searches, Duration.ofMillis(20));
        Thread.sleep(300);

        pauses.run();

        assertThat(pauses.paused()).isLessThan(Duration.ofMillis(250));
    }

    @Test
    void without_searches_or_without_a_pause_indexing_goes_on() throws Exception {
        IndexingPauses quiet = new IndexingPauses(searches, Duration.ofSeconds(10));
        Thread.sleep(20);
        quiet.run();
        assertThat(quiet.paused()).isLessThan(Duration.ofSeconds(1));

        searches.started();
        IndexingPauses off = new IndexingPauses(searches, Duration.ZERO);
        Thread.sleep(20);
        off.run();
        assertThat(off.paused()).isZero();
    }
}
