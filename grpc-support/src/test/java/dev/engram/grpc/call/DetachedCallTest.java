package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.StringValue;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ForwardingServerCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.mutiny.subscription.Cancellable;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call given up by its caller leaves the stream to the answer: what the server on the services' HTTP port needs
 * so as not to close the connection under every other call (see {@link DetachedCall}).
 */
class DetachedCallTest {

    private static final Duration SLOW = Duration.ofMillis(400);

    /** How the call ended at the server: "answered" or "reset". */
    private final CompletableFuture<String> ending = new CompletableFuture<>();

    /** The deadline the handler was given. */
    private final AtomicReference<Deadline> served = new AtomicReference<>();

    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void close() throws InterruptedException {
        if (server != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        handlers.shutdownNow();
    }

    @Test
    void a_call_past_its_deadline_fails_for_the_caller_but_is_answered_not_reset() throws Exception {
        start("past-deadline");
        CallPolicy policy =
                Policies.to("back", Map.of("engram.clients.back.deadline", "100ms"), new SimpleMeterRegistry());

        long started = System.nanoTime();
        CallFailure failure = catchThrowableOfType(
                CallFailure.class,
                () -> policy.callOnce("Echo", stub(), stub -> stub.echo("late"))
                        .await()
                        .atMost(Duration.ofSeconds(5)));
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(waited).isLessThan(SLOW.toMillis());
        assertThat(ending.get(5, TimeUnit.SECONDS)).isEqualTo("answered");
    }

    @Test
    void the_service_gets_the_callers_deadline_not_the_streams() throws Exception {
        start("callers-deadline");
        CallPolicy policy =
                Policies.to("back", Map.of("engram.clients.back.deadline", "2s"), new SimpleMeterRegistry());

        policy.call("Echo", stub(), stub -> stub.echo("in time")).await().atMost(Duration.ofSeconds(5));

        assertThat(served.get().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(1_000L, 2_000L);
    }

    @Test
    void a_caller_that_stops_waiting_leaves_the_call_to_finish() throws Exception {
        start("stops-waiting");
        CallPolicy policy =
                Policies.to("back", Map.of("engram.clients.back.deadline", "5s"), new SimpleMeterRegistry());

        Cancellable waiting = policy.callOnce("Echo", stub(), stub -> stub.echo("dropped"))
                .subscribe()
                .with(answer -> {}, failure -> {});
        Thread.sleep(50);
        waiting.cancel();

        assertThat(ending.get(5, TimeUnit.SECONDS)).isEqualTo("answered");
    }

    @Test
    void the_deadline_is_sent_as_a_grpc_timeout() {
        assertThat(DetachedCall.timeout(Deadline.after(250, TimeUnit.MILLISECONDS)))
                .matches("[0-9]{1,8}u")
                .satisfies(sent -> assertThat(IncomingDeadline.nanos(sent)).isBetween(200_000_000L, 250_000_000L));
        assertThat(DetachedCall.timeout(Deadline.after(3, TimeUnit.HOURS)))
                .matches("[0-9]{1,8}m")
                .satisfies(
                        sent -> assertThat(IncomingDeadline.nanos(sent)).isGreaterThan(TimeUnit.MINUTES.toNanos(179)));
        assertThat(DetachedCall.timeout(Deadline.after(-5, TimeUnit.SECONDS))).isEqualTo("1u");
    }

    private EchoPeer.Stub stub() {
        return new EchoPeer.Stub(channel, CallOptions.DEFAULT);
    }

    /** An echo that answers after {@link #SLOW}, and records whether its stream ended answered or reset. */
    private void start(String name) throws Exception {
        ServerServiceDefinition service = ServerServiceDefinition.builder("test.Echo")
                .addMethod(
                        EchoPeer.ECHO,
                        ServerCalls.asyncUnaryCall((StringValue request, StreamObserver<StringValue> out) -> {
                            served.set(Context.current().getDeadline());
                            if (!request.getValue().equals("in time")) {
                                sleep(SLOW);
                            }
                            out.onNext(request);
                            out.onCompleted();
                        }))
                .build();
        ServerInterceptor endings = new ServerInterceptor() {
            @Override
            public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
                    ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
                return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(
                        next.startCall(call, headers)) {
                    @Override
                    public void onComplete() {
                        ending.complete("answered");
                        super.onComplete();
                    }

                    @Override
                    public void onCancel() {
                        ending.complete("reset");
                        super.onCancel();
                    }
                };
            }
        };
        server = InProcessServerBuilder.forName(name)
                .executor(handlers)
                .addService(ServerInterceptors.intercept(service, new IncomingDeadline(), endings))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName(name).build();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
