package dev.engram.telemetry;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A gauge that reads a count a scheduled job refreshes, because a scrape cannot run a reactive query.
 *
 * <p>The registry Quarkus hands out is the JVM-wide one. It outlives an application restarted in the same
 * JVM (as tests do) and keeps the gauge of the instance before, bound to that instance's count; registering
 * the same name and tags again would silently reuse it and publish a value nobody updates. So the old gauge
 * is replaced.
 */
public final class CountGauge {

    private CountGauge() {}

    /** Registers the gauge, replacing one of the same name and tags, and returns the count it reads. */
    public static AtomicLong register(MeterRegistry registry, String name, Tags tags, String description, String unit) {
        registry.find(name).tags(tags).gauges().forEach(registry::remove);
        AtomicLong count = new AtomicLong();
        Gauge.builder(name, count, AtomicLong::get)
                .description(description)
                .tags(tags)
                .baseUnit(unit)
                .register(registry);
        return count;
    }
}
