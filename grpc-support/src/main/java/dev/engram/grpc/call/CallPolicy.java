package dev.engram.grpc.call;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Status;
import io.grpc.stub.AbstractStub;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * How every call to one peer is made. Its deadline is the sooner of the configured one and the deadline of the
 * request being served ({@link Context#current()}), so no call outlives the request it serves; retries fit within
 * it. A call that is safe to repeat is retried after a retryable failure (UNAVAILABLE or a connection closed under it, for gRPC peers) with
 * exponential backoff and jitter, as long as the deadline leaves, after the pause, at least as long as the failed
 * attempt took. Each call is timed by peer, method and outcome ({@code engram.client.calls}), and its failure is
 * a {@link CallFailure} naming both. The outcome is emitted on the Vert.x event-loop context the call was made
 * on, where whatever follows (Hibernate Reactive, the next call) expects to run.
 */
public final class CallPolicy {

    /** The peer is briefly away, or the connection was closed under the call: worth another attempt. */
    private static final Predicate<Throwable> UNAVAILABLE = failure ->
            Status.fromThrowable(failure).getCode() == Status.Code.UNAVAILABLE || CallFailure.connectionLost(failure);

    private final String peer;
    private final ClientsConfig.Peer settings;
    private final Backoff backoff;
    private final MeterRegistry registry;
    private final Predicate<Throwable> retryable;

    CallPolicy(String peer, ClientsConfig.Peer settings, MeterRegistry registry) {
        this(peer, settings, registry, UNAVAILABLE);
    }

    private CallPolicy(
            String peer, ClientsConfig.Peer settings, MeterRegistry registry, Predicate<Throwable> retryable) {
        this.peer = peer;
        this.settings = settings;
        this.backoff = new Backoff(settings.backoffInitial(), settings.backoffMax());
        this.registry = registry;
        this.retryable = retryable;
    }

    /**
     * A policy not read from {@code engram.clients.*}, for code that is handed its peer's settings (a store built
     * outside CDI, a test): no per-method settings.
     */
    public static CallPolicy of(String peer, Duration deadline, int retries, Backoff backoff, MeterRegistry registry) {
        return new CallPolicy(peer, new FixedPeer(deadline, retries, backoff.initial(), backoff.max()), registry);
    }

    private record FixedPeer(Duration deadline, int retries, Duration backoffInitial, Duration backoffMax)
            implements ClientsConfig.Peer {

        @Override
        public java.util.Map<String, ClientsConfig.Method> methods() {
            return java.util.Map.of();
        }
    }

    /** The same policy for a peer that is not a gRPC service, whose failures worth a retry are others. */
    public CallPolicy retryingWhen(Predicate<Throwable> retryable) {
        return new CallPolicy(peer, settings, registry, retryable);
    }

    /**
     * A gRPC call that is safe to repeat, made through {@code stub} with the call's deadline; an attempt given up at
     * the deadline is left to finish unread ({@link DetachedCall}).
     */
    public <S extends AbstractStub<S>, T> Uni<T> call(String method, S stub, Function<S, Uni<T>> call) {
        return call(method, deadline -> DetachedCall.call(stub, deadline, call));
    }

    /** A gRPC call that must not be repeated: one attempt, with the call's deadline, as {@link #call} makes it. */
    public <S extends AbstractStub<S>, T> Uni<T> callOnce(String method, S stub, Function<S, Uni<T>> call) {
        return callOnce(method, deadline -> DetachedCall.call(stub, deadline, call));
    }

    /** A call that is safe to repeat; each attempt is given the call's deadline and must end by it. */
    public <T> Uni<T> call(String method, Function<Deadline, Uni<T>> attempt) {
        return run(method, attempt, retries(method));
    }

    /** A call that must not be repeated; its one attempt is given the call's deadline and must end by it. */
    public <T> Uni<T> callOnce(String method, Function<Deadline, Uni<T>> attempt) {
        return run(method, attempt, 0);
    }

    /** The configured deadline of the peer's calls, for methods without one of their own. */
    public Duration deadline() {
        return settings.deadline();
    }

    /** The configured deadline of the method's calls, before any caller shortens it. */
    public Duration deadline(String method) {
        ClientsConfig.Method override = settings.methods().get(key(method));
        return override == null ? settings.deadline() : override.deadline().orElse(settings.deadline());
    }

    int retries(String method) {
        ClientsConfig.Method override = settings.methods().get(key(method));
        return override == null ? settings.retries() : override.retries().orElse(settings.retries());
    }

    /** What is left of {@code deadline}; at least a nanosecond, so that it can bound a wait. */
    public static Duration timeLeft(Deadline deadline) {
        return Duration.ofNanos(Math.max(1, deadline.timeRemaining(TimeUnit.NANOSECONDS)));
    }

    private <T> Uni<T> run(String method, Function<Deadline, Uni<T>> attempt, int retries) {
        return Uni.createFrom().deferred(() -> {
            Deadline deadline = deadlineOf(method);
            Executor caller = callerContext();
            Timer.Sample sample = Timer.start(registry);
            return attempt(method, attempt, deadline, 0, retries, caller)
                    .onItemOrFailure()
                    .invoke((item, failure) -> sample.stop(timer(method, failure)))
                    .onFailure()
                    .transform(failure -> CallFailure.of(peer, method, failure))
                    .emitOn(caller);
        });
    }

    private <T> Uni<T> attempt(
            String method,
            Function<Deadline, Uni<T>> attempt,
            Deadline deadline,
            int retry,
            int retries,
            Executor caller) {
        if (deadline.isExpired()) {
            return Uni.createFrom()
                    .failure(Status.DEADLINE_EXCEEDED
                            .withDescription("no time was left for the call")
                            .asRuntimeException());
        }
        long started = System.nanoTime();
        return Uni.createFrom()
                .deferred(() -> attempt.apply(deadline))
                .onFailure()
                .recoverWithUni(failure -> {
                    Duration pause = backoff.pause(retry, ThreadLocalRandom.current());
                    Duration took = Duration.ofNanos(System.nanoTime() - started);
                    if (retry >= retries
                            || !retryable.test(failure)
                            || timeLeft(deadline).compareTo(pause.plus(took)) <= 0) {
                        return Uni.createFrom().failure(failure);
                    }
                    registry.counter("engram.client.retries", "peer", peer, "method", method)
                            .increment();
                    Uni<Void> paused = pause.isZero()
                            ? Uni.createFrom().voidItem()
                            : Uni.createFrom().voidItem().onItem().delayIt().by(pause);
                    return paused.emitOn(caller)
                            .chain(() -> attempt(method, attempt, deadline, retry + 1, retries, caller));
                });
    }

    private Deadline deadlineOf(String method) {
        Deadline configured = Deadline.after(deadline(method).toNanos(), TimeUnit.NANOSECONDS);
        Deadline caller = Context.current().getDeadline();
        return caller == null ? configured : configured.minimum(caller);
    }

    private Timer timer(String method, Throwable failure) {
        return Timer.builder("engram.client.calls")
                .description("Calls to other services, Qdrant and the LLM, retries included")
                .tag("peer", peer)
                .tag("method", method)
                .tag(
                        "outcome",
                        failure == null
                                ? "OK"
                                : Status.fromThrowable(failure).getCode().name())
                .register(registry);
    }

    /**
     * Runs a task on the event-loop context the call was made on. gRPC completes calls on its own threads, and
     * a backoff ends on a scheduler thread; what follows must not.
     */
    private static Executor callerContext() {
        io.vertx.core.Context context = Vertx.currentContext();
        if (context == null || !io.vertx.core.Context.isOnEventLoopThread()) {
            return Runnable::run;
        }
        return task -> {
            if (Vertx.currentContext() == context) {
                task.run();
            } else {
                context.runOnContext(ignored -> task.run());
            }
        };
    }

    /** {@code AddEpisodes} becomes {@code add-episodes}, as in the configuration's keys. */
    static String key(String method) {
        return method.replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                .replaceAll("[^A-Za-z0-9]+", "-")
                .toLowerCase(Locale.ROOT);
    }
}
