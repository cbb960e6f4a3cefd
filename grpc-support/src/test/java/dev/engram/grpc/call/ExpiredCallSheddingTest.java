package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.protobuf.StringValue;
import io.grpc.CallOptions;
import io.grpc.Context;
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
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A service with one thread: a call that waited for it past its caller's deadline is not served. */
class ExpiredCallSheddingTest {

    private final Queue<String> served = new ConcurrentLinkedQueue<>();
    private final ExecutorService oneThread = Executors.newSingleThreadExecutor();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        oneThread.shutdownNow();
    }

    @Test
    void a_call_whose_deadline_passed_in_the_queue_is_answered_without_being_served() throws Exception {
        start();
        EchoPeer.Stub stub = new EchoPeer.Stub(channel, CallOptions.DEFAULT);
        CallPolicy patient =
                Policies.to("back", Map.of("engram.clients.back.deadline", "5s"), new SimpleMeterRegistry());
        CallPolicy hurried =
                Policies.to("back", Map.of("engram.clients.back.deadline", "100ms"), new SimpleMeterRegistry());

        Uni<String> first = patient.callOnce("Echo", stub, echo -> echo.echo("first"))
                .memoize()
                .indefinitely();
        first.subscribe().with(answer -> {}, failure -> {});
        Thread.sleep(50); // the one thread is now busy with the first call
        CallFailure late = catchThrowableOfType(
                CallFailure.class,
                () -> hurried.callOnce("Echo", stub, echo -> echo.echo("second"))
                        .await()
                        .atMost(Duration.ofSeconds(5)));
        String third = patient.callOnce("Echo", stub, echo -> echo.echo("third"))
                .await()
                .atMost(Duration.ofSeconds(5));

        assertThat(late.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(first.await().atMost(Duration.ofSeconds(5))).isEqualTo("first");
        assertThat(third).isEqualTo("third");
        assertThat(List.copyOf(served)).containsExactly("first", "third");
    }

    /** Serves each call on the one thread, in its gRPC context, as Quarkus hands a blocking method to a worker. */
    private ServerInterceptor onOneThread() {
        return new ServerInterceptor() {
            @Override
            public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
                    ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
                ServerCall.Listener<ReqT> served = next.startCall(call, headers);
                return new ServerCall.Listener<>() {
                    @Override
                    public void onMessage(ReqT message) {
                        later(() -> served.onMessage(message));
                    }

                    @Override
                    public void onHalfClose() {
                        later(served::onHalfClose);
                    }

                    @Override
                    public void onCancel() {
                        later(served::onCancel);
                    }

                    @Override
                    public void onComplete() {
                        later(served::onComplete);
                    }

                    @Override
                    public void onReady() {
                        later(served::onReady);
                    }
                };
            }
        };
    }

    private void later(Runnable task) {
        oneThread.execute(Context.current().wrap(task));
    }

    private void start() throws Exception {
        ServerServiceDefinition service = ServerServiceDefinition.builder("test.Echo")
                .addMethod(
                        EchoPeer.ECHO,
                        ServerCalls.asyncUnaryCall((StringValue request, StreamObserver<StringValue> out) -> {
                            served.add(request.getValue());
                            try {
                                Thread.sleep(300);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            out.onNext(request);
                            out.onCompleted();
                        }))
                .build();
        // As Quarkus orders them: the deadline is applied on arrival, the shedding once the thread takes the call.
        server = InProcessServerBuilder.forName("shedding")
                .directExecutor()
                .addService(ServerInterceptors.intercept(
                        service, new ExpiredCallShedding(), onOneThread(), new IncomingDeadline()))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName("shedding").build();
    }
}
