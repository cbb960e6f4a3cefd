package dev.engram.vector.scheduling;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Counts the searches this service is serving, so that indexing can give way to them. Embedding a delivery's
 * sentences takes the cores for tens of milliseconds per model run; a search arriving meanwhile would wait behind
 * it. Indexing therefore waits, before each run, until no search is in flight, but never longer than a bound, so
 * that under a steady stream of searches every accepted episode is still indexed.
 */
@ApplicationScoped
public class SearchesInFlight {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition quiet = lock.newCondition();
    private int running;

    public void started() {
        lock.lock();
        try {
            running++;
        } finally {
            lock.unlock();
        }
    }

    public void finished() {
        lock.lock();
        try {
            running = Math.max(0, running - 1);
            if (running == 0) {
                quiet.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Returns once no search is in flight, or after {@code longest}.
     *
     * @return true when searches were still running at the end of the wait
     */
    public boolean awaitQuiet(Duration longest) {
        long remaining = longest.toNanos();
        lock.lock();
        try {
            while (running > 0 && remaining > 0) {
                remaining = quiet.awaitNanos(remaining);
            }
            return running > 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return running > 0;
        } finally {
            lock.unlock();
        }
    }

    /** Searches in flight now. */
    public int running() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }
}
