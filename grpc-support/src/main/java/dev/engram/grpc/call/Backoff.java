package dev.engram.grpc.call;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with jitter: the pause before retry {@code n} (0 for the first) is {@code initial × 2^n},
 * at most {@code max}, shortened at random by up to half so that callers that failed together spread out.
 */
public record Backoff(Duration initial, Duration max) {

    public Backoff {
        if (initial.isNegative() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 <= initial <= max, was " + initial + " and " + max);
        }
    }

    /** The pause before retry {@code retry}, counted from 0. */
    public Duration pause(int retry, RandomGenerator random) {
        long full = Math.min(max.toNanos(), initial.toNanos() << Math.min(retry, 30));
        if (full < 0) {
            full = max.toNanos();
        }
        long half = full / 2;
        return Duration.ofNanos(full - (half == 0 ? 0 : random.nextLong(half + 1)));
    }
}
