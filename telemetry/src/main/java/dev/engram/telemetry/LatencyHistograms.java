package dev.engram.telemetry;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/**
 * Publishes every latency timer of the platform as a histogram with the same SLO buckets: the
 * platform's own ({@code engram_*}), the HTTP server's and the gRPC server's and clients'. A summary
 * (count, sum, max) cannot be aggregated into percentiles across replicas; fixed buckets can
 * ({@code histogram_quantile}), and the same buckets everywhere let one dashboard compare hops.
 */
@Singleton
public class LatencyHistograms implements MeterFilter {

    /** Name prefixes of the timers that get buckets, in Micrometer's dotted form. */
    static final List<String> PREFIXES = List.of("engram.", "http.server.", "grpc.");

    /** From a cache hit to a slow LLM round; slower calls still count, in the {@code +Inf} bucket. */
    static final List<Duration> BUCKETS = List.of(
            Duration.ofMillis(5),
            Duration.ofMillis(10),
            Duration.ofMillis(25),
            Duration.ofMillis(50),
            Duration.ofMillis(100),
            Duration.ofMillis(250),
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofMillis(2500),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10));

    private static final double[] BUCKET_NANOS =
            BUCKETS.stream().mapToDouble(Duration::toNanos).toArray();

    @Override
    public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (id.getType() != Meter.Type.TIMER || !covers(id.getName())) {
            return config;
        }
        return DistributionStatisticConfig.builder()
                .serviceLevelObjectives(BUCKET_NANOS)
                .build()
                .merge(config);
    }

    static boolean covers(String name) {
        return PREFIXES.stream().anyMatch(name::startsWith);
    }
}
