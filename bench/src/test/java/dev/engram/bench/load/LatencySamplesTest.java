package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.bench.LatencyResult;
import org.junit.jupiter.api.Test;

class LatencySamplesTest {

    @Test
    void percentiles_are_exact_over_every_sample_of_every_client() {
        LatencySamples odd = new LatencySamples();
        LatencySamples even = new LatencySamples();
        for (int ms = 1000; ms >= 1; ms--) {
            (ms % 2 == 0 ? even : odd).add(ms * 1_000_000L);
        }
        LatencySamples all = new LatencySamples();
        all.addAll(odd);
        all.addAll(even);

        LatencyResult latency = all.summary();

        assertThat(all.count()).isEqualTo(1000);
        assertThat(latency.queries()).isEqualTo(1000);
        assertThat(latency.p50()).isEqualTo(500.0);
        assertThat(latency.p95()).isEqualTo(950.0);
        assertThat(latency.p99()).isEqualTo(990.0);
        assertThat(latency.max()).isEqualTo(1000.0);
        assertThat(latency.mean()).isEqualTo(500.5);
    }

    @Test
    void nanoseconds_become_fractional_milliseconds() {
        LatencySamples samples = new LatencySamples();
        samples.add(1_500_000);
        samples.add(2_250_000);

        assertThat(samples.summary().max()).isEqualTo(2.25);
        assertThat(samples.summary().p50()).isEqualTo(1.5);
    }

    @Test
    void no_samples_summarize_to_zeros() {
        LatencyResult latency = new LatencySamples().summary();

        assertThat(latency.queries()).isZero();
        assertThat(latency.p99()).isZero();
    }
}
