package dev.engram.vector.scheduling;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The pauses one delivery's indexing makes for searches. Each waits for the searches in flight, at most
 * {@code longest}; all of them together never last longer than the indexing has worked so far. Searches thus get
 * up to half of the time while they keep coming, and a delivery takes at most about twice its own work, so it
 * stays within its caller's deadline however busy the service is. Not thread-safe: one per delivery.
 */
public final class IndexingPauses implements Runnable {

    private final SearchesInFlight searches;
    private final long longestNanos;
    private final LongSupplier clock;
    private final long started;
    private long paused;

    public IndexingPauses(SearchesInFlight searches, Duration longest) {
        this(searches, longest, System::nanoTime);
    }

    IndexingPauses(SearchesInFlight searches, Duration longest, LongSupplier clock) {
        this.searches = searches;
        this.longestNanos = longest.toNanos();
        this.clock = clock;
        this.started = clock.getAsLong();
    }

    /** Gives way to the searches in flight, within the bounds above. */
    @Override
    public void run() {
        long worked = clock.getAsLong() - started - paused;
        long allowed = Math.min(longestNanos, worked - paused);
        if (allowed <= 0) {
            return;
        }
        long before = clock.getAsLong();
        searches.awaitQuiet(Duration.ofNanos(allowed));
        paused += clock.getAsLong() - before;
    }

    /** Time spent in pauses so far. */
    public Duration paused() {
        return Duration.ofNanos(paused);
    }
}
