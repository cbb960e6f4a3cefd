package dev.engram.grpc.call;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A call to another Engram service that is given up at its deadline without resetting its HTTP/2 stream.
 *
 * <p>The services serve gRPC on their HTTP port (Vert.x). That server does not stop a call whose caller reset the
 * stream, and the answer it writes later to the stream the connection has already forgotten is taken as a protocol
 * error that closes the whole connection (GOAWAY), failing every other call on it. A caller's deadline passing resets
 * the stream, so under load one slow search took down the calls of every other search sharing the connection.
 *
 * <p>So the caller stops waiting at the deadline, fails with DEADLINE_EXCEEDED as before, and leaves the call open:
 * the late answer arrives on a live stream and is dropped. Neither the deadline nor a cancellation of the request
 * being served reaches the call itself ({@link Context#fork()}); the deadline reaches the service in the {@link
 * #DEADLINE} header, which {@link IncomingDeadline} applies, so the service stops its own downstream calls at the same
 * moment. The stream carries a later deadline of its own ({@link #ABANDON_AFTER}) so that a call to a service that
 * never answers is still closed in the end.
 */
public final class DetachedCall {

    /** The caller's deadline, as a gRPC timeout ({@code 250m}, {@code 1500000u}), sent with every call. */
    static final Metadata.Key<String> DEADLINE = Metadata.Key.of("engram-timeout", Metadata.ASCII_STRING_MARSHALLER);

    /** How long after the caller has given up the stream itself may stay open. */
    static final Duration ABANDON_AFTER = Duration.ofSeconds(30);

    private DetachedCall() {}

    /** The call {@code call} makes through {@code stub}, waited for until {@code deadline}. */
    public static <S extends AbstractStub<S>, T> Uni<T> call(S stub, Deadline deadline, Function<S, Uni<T>> call) {
        return Uni.createFrom()
                .<T>emitter(emitter -> {
                    Metadata headers = new Metadata();
                    headers.put(DEADLINE, timeout(deadline));
                    S detached = stub.withDeadline(deadline.offset(ABANDON_AFTER.toNanos(), TimeUnit.NANOSECONDS))
                            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
                    // Subscribed outside the caller's reach: cancelling what waits for the answer leaves the call be.
                    Context.current()
                            .fork()
                            .run(() -> call.apply(detached).subscribe().with(emitter::complete, emitter::fail));
                })
                .ifNoItem()
                .after(CallPolicy.timeLeft(deadline))
                .failWith(() -> Status.DEADLINE_EXCEEDED
                        .withDescription("no answer within the deadline; the call was left to finish unread")
                        .asRuntimeException());
    }

    /** What is left of the deadline in the {@code grpc-timeout} format: at most 8 digits and a unit. */
    static String timeout(Deadline deadline) {
        long micros = Math.max(1, deadline.timeRemaining(TimeUnit.MICROSECONDS));
        return micros < 100_000_000L ? micros + "u" : TimeUnit.MICROSECONDS.toMillis(micros) + "m";
    }
}
