package dev.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LatencyResultTest {

    @Test
    void percentiles_use_the_nearest_rank() {
        double[] millis =
                IntStream.rangeClosed(1, 200).mapToDouble(i -> 201 - i).toArray();

        LatencyResult latency = LatencyResult.of(millis, 20);

        assertThat(latency.queries()).isEqualTo(200);
        assertThat(latency.p50()).isEqualTo(100);
        assertThat(latency.p95()).isEqualTo(190);
        assertThat(latency.p99()).isEqualTo(198);
        assertThat(latency.max()).isEqualTo(200);
        assertThat(latency.mean()).isEqualTo(100.5);
        assertThat(latency.warmUp()).isEqualTo(20);
    }

    @Test
    void a_single_search_is_every_percentile() {
        LatencyResult latency = LatencyResult.of(new double[] {12.5}, 0);
        assertThat(latency.p50()).isEqualTo(12.5);
        assertThat(latency.p99()).isEqualTo(12.5);
    }
}
