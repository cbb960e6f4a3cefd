package dev.engram.bench;

import java.time.Duration;

/**
 * How often the bench asks the platform for memory users' status while it measures an ingest. Each status call
 * costs the platform a few milliseconds of CPU (the gateway, ingest-service and PostgreSQL's counts), so asking
 * after each of fifty LongMemEval users four times a second took a large share of the two cores the ingest was
 * being measured on. A pass over many users is therefore followed by a pause that grows with its calls: at most
 * {@link #CALLS_PER_SECOND} calls a second on average, and never more often than every {@link #MIN_PAUSE}.
 */
final class StatusPolls {

    static final Duration MIN_PAUSE = Duration.ofMillis(250);
    static final int CALLS_PER_SECOND = 10;

    private StatusPolls() {}

    /** The pause after a pass that made {@code calls} status calls. */
    static Duration pauseAfter(int calls) {
        Duration spread = Duration.ofMillis(1000L * calls / CALLS_PER_SECOND);
        return spread.compareTo(MIN_PAUSE) > 0 ? spread : MIN_PAUSE;
    }
}
