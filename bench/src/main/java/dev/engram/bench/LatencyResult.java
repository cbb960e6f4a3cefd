package dev.engram.bench;

import java.util.Arrays;

/**
 * Client-measured round trips, in milliseconds: of searches in the recall benchmark, of each kind of request in
 * the load run.
 *
 * @param queries round trips measured
 * @param warmUp searches sent first and not measured
 */
public record LatencyResult(int queries, int warmUp, double mean, double p50, double p95, double p99, double max) {

    /** Summarizes measured round trips; percentiles by the nearest-rank method. */
    public static LatencyResult of(double[] millis, int warmUp) {
        if (millis.length == 0) {
            return new LatencyResult(0, warmUp, 0, 0, 0, 0, 0);
        }
        double[] sorted = millis.clone();
        Arrays.sort(sorted);
        return new LatencyResult(
                sorted.length,
                warmUp,
                Arrays.stream(sorted).average().orElse(0),
                nearestRank(sorted, 50),
                nearestRank(sorted, 95),
                nearestRank(sorted, 99),
                sorted[sorted.length - 1]);
    }

    static double nearestRank(double[] sorted, int percentile) {
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
