package dev.engram.grpc.call;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.Prioritized;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Gives every incoming call the deadline its caller sent, in {@link Context#current()}, where {@link CallPolicy}
 * and gRPC's own clients look for it: the sooner of the {@code grpc-timeout} header and the caller's own deadline
 * that a {@link DetachedCall} sends beside it. The gRPC server Quarkus runs on the HTTP port passes the headers on but
 * serves the call without a deadline. Quarkus keeps the gRPC context
 * of a call on its Vert.x duplicated context, so it stays current on every thread that serves the call there;
 * once the deadline passes, the context is cancelled, and with it the calls still running under it.
 */
@ApplicationScoped
@GlobalInterceptor
public class IncomingDeadline implements ServerInterceptor, Prioritized {

    static final Metadata.Key<String> TIMEOUT = Metadata.Key.of("grpc-timeout", Metadata.ASCII_STRING_MARSHALLER);

    private static final ScheduledExecutorService TIMER = timer();

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
            ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
        long timeout = sooner(nanos(headers.get(TIMEOUT)), nanos(headers.get(DetachedCall.DEADLINE)));
        Deadline current = Context.current().getDeadline();
        if (timeout < 0 || (current != null && current.timeRemaining(TimeUnit.NANOSECONDS) <= timeout)) {
            return next.startCall(call, headers);
        }
        Context.CancellableContext context = Context.current().withDeadlineAfter(timeout, TimeUnit.NANOSECONDS, TIMER);
        ServerCall.Listener<ReqT> listener = Contexts.interceptCall(context, call, headers, next);
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onComplete() {
                try {
                    super.onComplete();
                } finally {
                    context.cancel(null);
                }
            }

            @Override
            public void onCancel() {
                try {
                    super.onCancel();
                } finally {
                    context.cancel(null);
                }
            }
        };
    }

    /** Right after Quarkus has moved the call to its duplicated context, before anything else sees it. */
    @Override
    public int getPriority() {
        return Integer.MAX_VALUE - 10;
    }

    /** The shorter of two timeouts, either of which may be absent (-1). */
    static long sooner(long one, long other) {
        if (one < 0 || other < 0) {
            return Math.max(one, other);
        }
        return Math.min(one, other);
    }

    /**
     * The nanoseconds of a {@code grpc-timeout} header (up to 8 digits and a unit: H, M, S, m, u or n), or -1
     * when there is none or it cannot be read: such a call is served as if its caller had set no deadline.
     */
    static long nanos(String timeout) {
        if (timeout == null || !timeout.matches("[0-9]{1,8}[HMSmun]")) {
            return -1;
        }
        long amount = Long.parseLong(timeout.substring(0, timeout.length() - 1));
        return switch (timeout.charAt(timeout.length() - 1)) {
            case 'H' -> TimeUnit.HOURS.toNanos(amount);
            case 'M' -> TimeUnit.MINUTES.toNanos(amount);
            case 'S' -> TimeUnit.SECONDS.toNanos(amount);
            case 'm' -> TimeUnit.MILLISECONDS.toNanos(amount);
            case 'u' -> TimeUnit.MICROSECONDS.toNanos(amount);
            default -> amount;
        };
    }

    private static ScheduledExecutorService timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = Executors.defaultThreadFactory().newThread(task);
            thread.setName("engram-incoming-deadline");
            thread.setDaemon(true);
            return thread;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
