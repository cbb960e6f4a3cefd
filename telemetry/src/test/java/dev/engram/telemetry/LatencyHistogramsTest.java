package dev.engram.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

    private SimpleMeterRegistry registry;

    @BeforeEach
    void registry() {
        registry = new SimpleMeterRegistry();
        registry.config().meterFilter(new LatencyHistograms());
    }

    @Test
    void platform_http_and_grpc_timers_count_each_call_in_the_slo_buckets() {
        for (String name : new String[] {
            "engram.retrieval.search", "engram.client.calls", "http.server.requests", "grpc.client.processing.duration"
        }) {
            Timer timer = Timer.builder(name).tag("k", "v").register(registry);
            timer.record(Duration.ofMillis(30));
            timer.record(Duration.ofMillis(700));

            CountAtBucket[] buckets = timer.takeSnapshot().histogramCounts();
            assertThat(Arrays.stream(buckets).map(b -> Duration.ofNanos((long) b.bucket())))
                    .as(name)
                    .containsExactlyElementsOf(LatencyHistograms.BUCKETS);
            assertThat(countAtOrBelow(buckets, Duration.ofMillis(25))).isZero();
            assertThat(countAtOrBelow(buckets, Duration.ofMillis(50))).isEqualTo(1);
            assertThat(countAtOrBelow(buckets, Duration.ofSeconds(1))).isEqualTo(2);
        }
    }

    @Test
    void timers_of_other_libraries_and_non_timers_keep_their_own_configuration() {
        Timer gc = Timer.builder("jvm.gc.pause").register(registry);
        gc.record(5, TimeUnit.MILLISECONDS);
        DistributionSummary sizes =
                DistributionSummary.builder("engram.batch.size").register(registry);
        sizes.record(3);

        assertThat(gc.takeSnapshot().histogramCounts()).isEmpty();
        assertThat(sizes.takeSnapshot().histogramCounts()).isEmpty();
    }

    private static double countAtOrBelow(CountAtBucket[] buckets, Duration bound) {
        return Arrays.stream(buckets)
                .filter(b -> b.bucket() == bound.toNanos())
                .findFirst()
                .orElseThrow()
                .count();
    }
}
