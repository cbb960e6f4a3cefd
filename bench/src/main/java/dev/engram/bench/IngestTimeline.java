package dev.engram.bench;

import dev.engram.sdk.Engram;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The episodes accepted and indexed over the time of one ingest, sampled from the memory users' status on a
 * thread of its own, so that the curve starts with the first {@code POST} rather than once all are sent.
 */
public final class IngestTimeline implements AutoCloseable {

    static final long SAMPLE_MILLIS = 250;

    /**
     * @param seconds since the first {@code POST /v1/memories}
     * @param accepted episodes whose {@code POST} has been answered
     * @param indexed episodes searchable, over all the users of the ingest
     */
    public record Point(double seconds, int accepted, int indexed) {}

    private final Engram gateway;
    private final List<String> users;
    private final long startedNanos;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Point> points = new ArrayList<>();
    private final ScheduledExecutorService sampler;

    private IngestTimeline(Engram gateway, Collection<String> users, long startedNanos) {
        this.gateway = gateway;
        this.users = List.copyOf(users);
        this.startedNanos = startedNanos;
        this.sampler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "engram-bench-ingest-timeline");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Starts sampling the users' status now; {@code startedNanos} is when the first {@code POST} left. */
    public static IngestTimeline start(Engram gateway, Collection<String> users, long startedNanos) {
        IngestTimeline timeline = new IngestTimeline(gateway, users, startedNanos);
        timeline.sampler.scheduleWithFixedDelay(timeline::sample, 0, SAMPLE_MILLIS, TimeUnit.MILLISECONDS);
        return timeline;
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

    /** Stops sampling, after one last sample. */
    @Override
    public void close() {
        if (sampler.isShutdown()) {
            return;
        }
        sampler.shutdownNow();
        try {
            sampler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
    }

    private void sample() {
        int indexed = 0;
        for (String user : users) {
            try {
                indexed += Math.toIntExact(gateway.status(user).indexed());
            } catch (RuntimeException e) {
                // A user with nothing stored yet, or one failed call: this sample counts it as nothing indexed.
            }
        }
        Point point = new Point((System.nanoTime() - startedNanos) / 1e9, accepted.get(), indexed);
        synchronized (points) {
            points.add(point);
        }
    }
}
