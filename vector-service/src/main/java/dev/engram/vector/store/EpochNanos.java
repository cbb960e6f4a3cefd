package dev.engram.vector.store;

import java.time.Instant;

/**
 * Timestamps as nanoseconds since the epoch, so that inclusive range bounds compare exactly at the
 * precision of a protobuf Timestamp. A long covers the years 1677 to 2262; instants outside saturate,
 * which keeps their order against every representable instant.
 */
final class EpochNanos {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private EpochNanos() {}

    static long of(Instant instant) {
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), NANOS_PER_SECOND), instant.getNano());
        } catch (ArithmeticException overflow) {
            return instant.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    static Instant toInstant(long nanos) {
        return Instant.ofEpochSecond(Math.floorDiv(nanos, NANOS_PER_SECOND), Math.floorMod(nanos, NANOS_PER_SECOND));
    }
}
