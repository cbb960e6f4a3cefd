package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.LongSupplier;

/** Waits for background LLM work, counted by its queue, to settle. */
final class Settled {

    private Settled() {}

    /** Returns once {@code settled} reaches {@code target}; fails after 30 seconds. */
    static void await(LongSupplier settled, long target) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (settled.getAsLong() < target) {
            assertThat(System.nanoTime()).as("the LLM's work settles").isLessThan(deadline);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
