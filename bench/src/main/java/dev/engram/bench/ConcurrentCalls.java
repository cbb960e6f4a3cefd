package dev.engram.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** Calls made by several callers at once, each taking the next call number as soon as its last one returned. */
final class ConcurrentCalls {

    private ConcurrentCalls() {}

    /**
     * Makes calls 0 to {@code total - 1} from {@code callers} threads and returns the wall time in seconds.
     *
     * @param what names the calls in the exception a failed call ends the run with
     */
    static double run(int callers, int total, IntConsumer call, String what) {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            long started = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                running.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < total; i = next.getAndIncrement()) {
                        call.accept(i);
                    }
                }));
            }
            for (Future<?> caller : running) {
                caller.get();
            }
            return (System.nanoTime() - started) / 1e9;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
