package dev.engram.e2e;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Episodes added through the gateway by a few concurrent clients, in batches, as agents would: a
 * batch that fails (5xx, 429, a refused or cut connection, a timeout) is sent again with the same
 * episode ids until the gateway answers 201, which the ids make idempotent. The test releases the
 * batches in steps, so that its faults land at known points of the load, and reads what the
 * gateway accepted.
 */
final class EpisodeLoad implements AutoCloseable {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration FIRST_RETRY = Duration.ofMillis(100);
    private static final Duration LONGEST_RETRY = Duration.ofSeconds(2);
    // Far longer than any outage a test injects: a batch still refused by then is a lost batch.
    private static final Duration GIVE_UP_AFTER = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI addUri;
    private final HttpClient http;
    private final String authorization;
    private final List<LoadPlan.Batch> batches;
    private final List<String> users;
    private final Semaphore released = new Semaphore(0);
    private final AtomicInteger releasedBatches = new AtomicInteger();
    private final AtomicInteger nextBatch = new AtomicInteger();
    private final List<String> accepted = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, AtomicInteger> acceptedByUser = new ConcurrentHashMap<>();
    private final AtomicInteger failedRequests = new AtomicInteger();
    private final AtomicInteger duplicatesOnRetry = new AtomicInteger();
    private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final Queue<AssertionError> errors = new ConcurrentLinkedQueue<>();
    private final long paceNanos;
    private final AtomicLong nextStart;
    private final ExecutorService clients;
    private final List<Future<?>> running = new ArrayList<>();

    private EpisodeLoad(
            Gateway gateway, List<LoadPlan.Batch> batches, List<String> users, int clientCount, Duration pace) {
        this.addUri = URI.create(gateway.url() + "/v1/memories");
        this.authorization = "Bearer " + gateway.key();
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        this.batches = batches;
        this.users = users;
        this.paceNanos = pace.toNanos();
        this.nextStart = new AtomicLong(System.nanoTime());
        this.clients = Executors.newFixedThreadPool(clientCount);
        for (int i = 0; i < clientCount; i++) {
            running.add(clients.submit(this::client));
        }
    }

    /**
     * Prepares the plan's batches and starts its clients, which wait for batches to be released.
     */
    static EpisodeLoad start(Gateway gateway, LoadPlan plan, LoadPlan.Script script) {
        return new EpisodeLoad(gateway, plan.batches(script), plan.userIds(), plan.clients(), plan.pace());
    }

    int totalEpisodes() {
        return batches.stream().mapToInt(b -> b.episodes().size()).sum();
    }

    List<String> users() {
        return users;
    }

    /** Lets the clients send every batch up to {@code fraction} of the load. */
    void releaseUpTo(double fraction) {
        int target = (int) Math.round(batches.size() * fraction);
        int before = releasedBatches.getAndAccumulate(target, Math::max);
        if (target > before) {
            released.release(target - before);
        }
    }

    void releaseAll() {
        releaseUpTo(1.0);
    }

    /** Episodes the gateway has accepted so far, in the order their answers came. */
    int accepted() {
        return accepted.size();
    }

    /** Ids accepted between two readings of {@link #accepted()}. */
    List<String> acceptedBetween(int from, int to) {
        synchronized (accepted) {
            return List.copyOf(accepted.subList(from, to));
        }
    }

    List<String> acceptedIds() {
        synchronized (accepted) {
            return List.copyOf(accepted);
        }
    }

    Map<String, Integer> acceptedByUser() {
        Map<String, Integer> counts = new TreeMap<>();
        users.forEach(user -> counts.put(user, 0));
        acceptedByUser.forEach((user, count) -> counts.put(user, count.get()));
        return counts;
    }

    /** Requests that did not get a 201 and were sent again. */
    int failedRequests() {
        return failedRequests.get();
    }

    /** Why requests failed: an HTTP status or the client's exception, with how often. */
    Map<String, Integer> failureCauses() {
        Map<String, Integer> causes = new TreeMap<>();
        failures.forEach((cause, count) -> causes.put(cause, count.get()));
        return causes;
    }

    /** The same as one word, e.g. {@code HTTP-503:4,ConnectException:9}; {@code none} without failures. */
    String failureCauseList() {
        Map<String, Integer> causes = failureCauses();
        if (causes.isEmpty()) {
            return "none";
        }
        return String.join(
                ",",
                causes.entrySet().stream()
                        .map(cause -> cause.getKey() + ":" + cause.getValue())
                        .toList());
    }

    /**
     * Episodes a retry found already stored: the earlier attempt was committed but its answer lost.
     * They count as accepted, since the gateway confirmed them with a 201.
     */
    int duplicatesOnRetry() {
        return duplicatesOnRetry.get();
    }

    void awaitAccepted(int episodes, Duration timeout) throws InterruptedException {
        await(() -> accepted() >= episodes, timeout, () -> "accepted " + accepted() + " of " + episodes);
    }

    void awaitFailedRequests(int requests, Duration timeout) throws InterruptedException {
        await(
                () -> failedRequests() >= requests,
                timeout,
                () -> "saw " + failedRequests() + " failed requests, waited for " + requests);
    }

    /** Waits until every batch has been accepted; fails with what the clients could not send. */
    void awaitCompletion(Duration timeout) throws InterruptedException {
        releaseAll();
        await(
                () -> running.stream().allMatch(Future::isDone),
                timeout,
                () -> "accepted " + accepted() + " of " + totalEpisodes());
        rethrowErrors();
    }

    /** Sends one batch from the calling thread, with the clients' retries. */
    void send(LoadPlan.Batch batch) {
        deliver(batch);
        rethrowErrors();
    }

    private void await(BooleanSupplier condition, Duration timeout, Supplier<String> state)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (!condition.getAsBoolean()) {
            rethrowErrors();
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(
                        "load: " + state.get() + " after " + timeout + "; failures " + failureCauses());
            }
            Thread.sleep(50);
        }
    }

    private void rethrowErrors() {
        AssertionError first = errors.peek();
        if (first != null) {
            errors.stream().skip(1).forEach(first::addSuppressed);
            throw first;
        }
    }

    private void client() {
        try {
            while (nextBatch.get() < batches.size() && errors.isEmpty()) {
                if (!released.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                int index = nextBatch.getAndIncrement();
                if (index >= batches.size()) {
                    return;
                }
                awaitTurn();
                deliver(batches.get(index));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Holds a batch back until its slot in the offered load. */
    private void awaitTurn() throws InterruptedException {
        long slot = nextStart.updateAndGet(previous -> Math.max(previous, System.nanoTime()) + paceNanos) - paceNanos;
        long wait = slot - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }

    private void deliver(LoadPlan.Batch batch) {
        Instant giveUp = Instant.now().plus(GIVE_UP_AFTER);
        Duration pause = FIRST_RETRY;
        boolean retry = false;
        try {
            while (true) {
                try {
                    HttpResponse<String> response = http.send(request(batch), HttpResponse.BodyHandlers.ofString());
                    int status = response.statusCode();
                    if (status == 201) {
                        record(batch, response.body(), retry);
                        return;
                    }
                    if (status < 500 && status != 429) {
                        errors.add(new AssertionError("the gateway refused a batch of " + batch.session() + ": "
                                + status + " " + response.body()));
                        return;
                    }
                    failed("HTTP-" + status);
                } catch (IOException e) {
                    failed(e.getClass().getSimpleName());
                }
                retry = true;
                if (Instant.now().isAfter(giveUp)) {
                    errors.add(new AssertionError("a batch of " + batch.session() + " was not accepted within "
                            + GIVE_UP_AFTER + "; failures " + failureCauses()));
                    return;
                }
                Thread.sleep(pause.toMillis());
                pause = pause.multipliedBy(2).compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : pause.multipliedBy(2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpRequest request(LoadPlan.Batch batch) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", batch.user());
        body.put("session_id", batch.session());
        body.put("episodes", batch.episodes());
        try {
            return HttpRequest.newBuilder(addUri)
                    .timeout(REQUEST_TIMEOUT)
                    .header("Content-Type", "application/json")
                    .header("Authorization", authorization)
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                    .build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void failed(String cause) {
        failedRequests.incrementAndGet();
        failures.computeIfAbsent(cause, c -> new AtomicInteger()).incrementAndGet();
    }

    private void record(LoadPlan.Batch batch, String body, boolean retry) {
        JsonNode answers;
        try {
            answers = JSON.readTree(body).path("episodes");
        } catch (JsonProcessingException e) {
            errors.add(new AssertionError("a 201 for a batch of " + batch.session() + " is not JSON: " + body, e));
            return;
        }
        List<String> answered = new ArrayList<>();
        for (JsonNode answer : answers) {
            String id = answer.path("id").asText();
            String status = answer.path("status").asText();
            if (status.equals("duplicate") && retry) {
                duplicatesOnRetry.incrementAndGet();
            } else if (!status.equals("created")) {
                errors.add(new AssertionError("episode " + id + " was answered '" + status + "' on its first attempt"));
                return;
            }
            answered.add(id);
        }
        if (!Set.copyOf(answered).equals(Set.copyOf(batch.ids()))) {
            errors.add(new AssertionError(
                    "the answer to a batch of " + batch.session() + " names other episodes: " + body));
            return;
        }
        accepted.addAll(answered);
        acceptedByUser.computeIfAbsent(batch.user(), u -> new AtomicInteger()).addAndGet(answered.size());
    }

    @Override
    public void close() {
        clients.shutdownNow();
    }
}
