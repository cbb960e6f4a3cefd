package dev.engram.bench;

import dev.engram.sdk.Engram;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToLongFunction;

/**
 * The episodes accepted and indexed over the time of one ingest, sampled from the memory users' status on a
 * thread of its own, so that the curve starts with the first {@code POST} rather than once all are sent. A user
 * whose episodes are all indexed is not asked again, and the passes are spaced by {@link StatusPolls}, so that the
 * sampling does not take the CPU the ingest is measured with.
 */
public final class IngestTimeline implements AutoCloseable {

    /**
     * @param seconds since the first {@code POST /v1/memories}
     * @param accepted episodes whose {@code POST} has been answered
     * @param indexed episodes searchable, over all the users of the ingest
     */
    public record Point(double seconds, int accepted, int indexed) {}

    private final ToLongFunction<String> indexedOf;
    private final Map<String, Integer> toSend;
    private final Map<String, Long> indexed = new LinkedHashMap<>();
    private final long startedNanos;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Point> points = new ArrayList<>();
    private final ScheduledThreadPoolExecutor sampler;

    IngestTimeline(ToLongFunction<String> indexedOf, Map<String, Integer> toSend, long startedNanos) {
        this.indexedOf = indexedOf;
        this.toSend = Map.copyOf(toSend);
        this.startedNanos = startedNanos;
        this.sampler = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "engram-bench-ingest-timeline");
            thread.setDaemon(true);
            return thread;
        });
        // Once closed, a pass already waiting to run is dropped; close() takes the last sample itself.
        sampler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        toSend.keySet().forEach(user -> indexed.put(user, 0L));
    }

    /**
     * Starts sampling the users' status now.
     *
     * @param toSend the episodes this ingest sends per user
     * @param startedNanos when the first {@code POST} left
     */
    public static IngestTimeline start(Engram gateway, Map<String, Integer> toSend, long startedNanos) {
        return new IngestTimeline(user -> gateway.status(user).indexed(), toSend, startedNanos).start();
    }

    IngestTimeline start() {
        sampler.execute(this::sampleAndGoOn);
        return this;
    }

    /** Counts episodes whose {@code POST} was answered. */
    public void accepted(int episodes) {
        accepted.addAndGet(episodes);
    }

    public List<Point> points() {
        synchronized (points) {
            return List.copyOf(points);
        }
    }

    /** Stops sampling, after one last sample; a pass in progress ends first. */
    @Override
    public void close() {
        if (sampler.isShutdown()) {
            return;
        }
        sampler.shutdown();
        try {
            sampler.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
    }

    private void sampleAndGoOn() {
        int asked = sample();
        if (!sampler.isShutdown()) {
            try {
                sampler.schedule(
                        this::sampleAndGoOn, StatusPolls.pauseAfter(asked).toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                // Closed between the check and the schedule: close() takes the last sample.
            }
        }
    }

    /** Asks after every user not yet known to be complete and records a point; the number of calls made. */
    private synchronized int sample() {
        int asked = 0;
        for (Map.Entry<String, Long> user : indexed.entrySet()) {
            if (user.getValue() >= toSend.get(user.getKey())) {
                continue;
            }
            asked++;
            try {
                user.setValue(indexedOf.applyAsLong(user.getKey()));
            } catch (RuntimeException e) {
                // A user with nothing stored yet, or one failed call: the count last seen stands.
            }
        }
        long total = indexed.values().stream().mapToLong(Long::longValue).sum();
        Point point = new Point((System.nanoTime() - startedNanos) / 1e9, accepted.get(), Math.toIntExact(total));
        synchronized (points) {
            points.add(point);
        }
        return asked;
    }
}
