package dev.engram.ingest.testing;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls until asynchronous work (the outbox relay) has had its effect. */
public final class Eventually {

    private Eventually() {}

    /** The first value that satisfies {@code done}; fails with the last value after {@code timeout}. */
    public static <T> T await(Duration timeout, Supplier<T> probe, Predicate<T> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        T value = probe.get();
        while (!done.test(value)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still not done after " + timeout + ": " + value);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            value = probe.get();
        }
        return value;
    }
}
