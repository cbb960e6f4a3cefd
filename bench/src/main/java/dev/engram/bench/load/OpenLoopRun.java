package dev.engram.bench.load;

import dev.engram.bench.Progress;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * An open loop: requests are sent at a fixed arrival rate whatever the answers do, the i-th at {@code i / rate}
 * seconds after the start, and each one's latency runs from that intended send time to its answer. A slow
 * gateway therefore shows as queueing in the latency (no coordinated omission), where a closed loop
 * ({@link LoadRun}) would just send less. Requests come from the workloads in turn, so the mix of adds and
 * searches and the users are those of the closed loop.
 */
public final class OpenLoopRun {

    /** Requests in flight at most; more wait in a queue, and their wait counts in their latency. */
    static final int SENDERS = 256;

    private final RawGateway gateway;
    private final List<ClientWorkload> workloads;
    private final double rate;
    private final Duration duration;

    /**
     * @param rate the offered load, requests per second
     * @param seconds from the first intended send until the last answer
     * @param lateStarts requests that left more than 10 ms after their intended time (the senders were all busy)
     * @param cpuSeconds CPU time each service of the platform used during the phase, where it could be read
     */
    public record Result(double rate, Tally tally, double seconds, long lateStarts, Map<String, Double> cpuSeconds) {

        public Result {
            cpuSeconds = Map.copyOf(cpuSeconds);
        }

        public Result withCpu(Map<String, Double> used) {
            return new Result(rate, tally, seconds, lateStarts, used);
        }
    }

    public OpenLoopRun(RawGateway gateway, List<ClientWorkload> workloads, double rate, Duration duration) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("an open loop needs a rate above 0, was " + rate);
        }
        this.gateway = gateway;
        this.workloads = List.copyOf(workloads);
        this.rate = rate;
        this.duration = duration;
    }

    public Result run() throws InterruptedException {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS, task -> {
            Thread thread = new Thread(task, "engram-load-sender-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        // Started before the clock does, so that no request waits for its thread to be made.
        ((ThreadPoolExecutor) senders).prestartAllCoreThreads();
        Tally tally = new Tally();
        AtomicInteger late = new AtomicInteger();
        long requests = Math.max(1, Math.round(rate * duration.toNanos() / 1e9));
        double intervalNanos = 1e9 / rate;
        long started = System.nanoTime();
        for (long i = 0; i < requests; i++) {
            long intended = started + Math.round(i * intervalNanos);
            long wait = intended - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            Operation operation = workloads.get((int) (i % workloads.size())).next();
            senders.execute(() -> send(operation, intended, tally, late));
        }
        senders.shutdown();
        while (!senders.awaitTermination(10, TimeUnit.SECONDS)) {
            Progress.log("open loop at %.0f/s: waiting for the last answers", rate);
        }
        return new Result(rate, tally, (System.nanoTime() - started) / 1e9, late.get(), Map.of());
    }

    private void send(Operation operation, long intended, Tally tally, AtomicInteger late) {
        if (System.nanoTime() - intended > TimeUnit.MILLISECONDS.toNanos(10)) {
            late.incrementAndGet();
        }
        try {
            HttpResponse<String> answer = gateway.send(operation);
            long latency = System.nanoTime() - intended;
            synchronized (tally) {
                tally.answered(operation, answer.statusCode(), answer.body(), latency);
            }
        } catch (IOException e) {
            synchronized (tally) {
                tally.unanswered(operation, e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
