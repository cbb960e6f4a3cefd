package dev.engram.bench.load;

import dev.engram.bench.Progress;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load itself: one thread per client, each sending its workload's requests one after another (a closed
 * loop: a client waits for the answer before it sends again) until the duration is over. A request under
 * way when time is up is finished and counted, so the elapsed time runs until the last client has stopped.
 */
public final class LoadRun {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);
    /** A gateway that is down refuses at once; without a pause the clients would spin on it. */
    private static final Duration PAUSE_AFTER_NO_ANSWER = Duration.ofMillis(100);

    private final RawGateway gateway;
    private final List<ClientWorkload> clients;
    private final Duration duration;
    private final LongAdder sent = new LongAdder();
    private final LongAdder failed = new LongAdder();

    /**
     * @param tally every client's tally, merged
     * @param seconds from the first request until the last client stopped
     */
    public record Result(Tally tally, double seconds) {}

    public LoadRun(RawGateway gateway, List<ClientWorkload> clients, Duration duration) {
        this.gateway = gateway;
        this.clients = List.copyOf(clients);
        this.duration = duration;
    }

    public Result run() throws InterruptedException {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(clients.size(), task -> {
            Thread thread = new Thread(task, "engram-load-client-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        long started = System.nanoTime();
        long deadline = started + duration.toNanos();
        List<Future<Tally>> running = new ArrayList<>();
        for (ClientWorkload client : clients) {
            running.add(pool.submit(() -> drive(client, deadline)));
        }
        pool.shutdown();
        while (!pool.awaitTermination(PROGRESS_INTERVAL.toMillis(), TimeUnit.MILLISECONDS)) {
            Progress.log(
                    "%.0f s: %d requests, %d errors", (System.nanoTime() - started) / 1e9, sent.sum(), failed.sum());
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Tally total = new Tally();
        for (Future<Tally> client : running) {
            try {
                total.addAll(client.get());
            } catch (ExecutionException e) {
                throw new IllegalStateException("a load client failed: " + e.getCause(), e.getCause());
            }
        }
        return new Result(total, seconds);
    }

    private Tally drive(ClientWorkload client, long deadline) throws InterruptedException {
        Tally tally = new Tally();
        while (System.nanoTime() < deadline) {
            Operation operation = client.next();
            long started = System.nanoTime();
            boolean succeeded;
            try {
                HttpResponse<String> answer = gateway.send(operation);
                succeeded = tally.answered(operation, answer.statusCode(), answer.body(), System.nanoTime() - started);
            } catch (IOException e) {
                tally.unanswered(operation, e);
                succeeded = false;
                Thread.sleep(PAUSE_AFTER_NO_ANSWER.toMillis());
            }
            sent.increment();
            if (!succeeded) {
                failed.increment();
            }
        }
        return tally;
    }
}
