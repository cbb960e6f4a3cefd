package dev.engram.bench.load;

import dev.engram.bench.LatencyResult;
import java.util.Arrays;

/**
 * Every measured round trip of one kind, in nanoseconds, kept whole rather than bucketed into a histogram:
 * a million requests take 8 MB, and the percentiles are exact. One client records into its own samples; they
 * are merged when the run is over.
 */
public final class LatencySamples {

    private long[] nanos = new long[256];
    private int size;

    public void add(long roundTripNanos) {
        if (size == nanos.length) {
            nanos = Arrays.copyOf(nanos, size * 2);
        }
        nanos[size++] = roundTripNanos;
    }

    public void addAll(LatencySamples other) {
        for (int i = 0; i < other.size; i++) {
            add(other.nanos[i]);
        }
    }

    public int count() {
        return size;
    }

    /** Count, mean, nearest-rank p50/p95/p99 and max, in milliseconds. */
    public LatencyResult summary() {
        double[] millis = new double[size];
        for (int i = 0; i < size; i++) {
            millis[i] = nanos[i] / 1e6;
        }
        return LatencyResult.of(millis, 0);
    }
}
