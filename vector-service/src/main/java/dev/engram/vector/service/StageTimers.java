package dev.engram.vector.service;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The timers of a search's stages, one per stage under one metric name, registered once; each lap is recorded
 * both in the metric and in the microseconds a search reports in its trace.
 */
final class StageTimers {

    private final Map<String, Timer> timers = new LinkedHashMap<>();

    StageTimers(MeterRegistry registry, String name, String description, List<String> stages) {
        for (String stage : stages) {
            timers.put(
                    stage,
                    Timer.builder(name)
                            .description(description)
                            .tag("stage", stage)
                            .publishPercentiles(0.5, 0.95, 0.99)
                            .publishPercentileHistogram()
                            .register(registry));
        }
    }

    /** Records the time since {@code since} as {@code stage}; returns now, the start of the next stage. */
    long lap(Map<String, Long> micros, String stage, long since) {
        long now = System.nanoTime();
        micros.merge(stage, (now - since) / 1_000, Long::sum);
        timers.get(stage).record(now - since, TimeUnit.NANOSECONDS);
        return now;
    }
}
