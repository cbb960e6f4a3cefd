package dev.engram.retrieval.service;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/** Timers of the search pipeline, exported at /q/metrics. */
@ApplicationScoped
public class SearchMetrics {

    static final String STAGE_TIMER = "engram.retrieval.stage";
    static final String SEARCH_TIMER = "engram.retrieval.search";

    private final MeterRegistry registry;

    public SearchMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records a stage that started at {@code startNanos}; returns its duration in milliseconds for the trace. */
    public long stage(String stage, long startNanos) {
        return record(
                Timer.builder(STAGE_TIMER)
                        .description("Time spent in one stage of a search")
                        .tag("stage", stage)
                        .register(registry),
                startNanos);
    }

    /** Records a whole search that started at {@code startNanos}; returns its duration in milliseconds. */
    public long search(String mode, long startNanos) {
        return record(
                Timer.builder(SEARCH_TIMER)
                        .description("Time to answer one search")
                        .tag("mode", mode)
                        .register(registry),
                startNanos);
    }

    private static long record(Timer timer, long startNanos) {
        long nanos = System.nanoTime() - startNanos;
        timer.record(nanos, TimeUnit.NANOSECONDS);
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
