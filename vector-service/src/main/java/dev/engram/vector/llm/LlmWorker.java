package dev.engram.vector.llm;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that takes LLM work off the indexing path, in order: one call at a time, so that two calls
 * about one user never write at once, and a bounded queue, so that an LLM that cannot keep up costs what it
 * would have written, never memory or ingest speed. A daemon, so that a stopping service does not wait for it.
 */
public final class LlmWorker {

    private LlmWorker() {}

    /** A single daemon thread named {@code name} and a queue of {@code capacity}; beyond it, work is rejected. */
    public static ThreadPoolExecutor start(String name, int capacity) {
        return new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(capacity), task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
    }
}
