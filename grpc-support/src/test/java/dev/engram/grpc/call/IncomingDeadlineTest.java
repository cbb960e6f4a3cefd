package dev.engram.grpc.call;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.StringValue;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IncomingDeadlineTest {

    /** Serves the rest of the call without the context gRPC made for it, as Quarkus's server on the HTTP port does. */
    private static final ServerInterceptor SERVED_WITHOUT_DEADLINE = new ServerInterceptor() {
        @Override
        public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(
                ServerCall<ReqT, RespT> call, Metadata headers, ServerCallHandler<ReqT, RespT> next) {
            return Contexts.interceptCall(Context.ROOT.fork(), call, headers, next);
        }
    };

    private final AtomicReference<Deadline> seen = new AtomicReference<>();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void close() throws InterruptedException {
        if (server != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void a_call_served_without_its_deadline_gets_the_one_its_caller_sent() throws Exception {
        start(new IncomingDeadline(), SERVED_WITHOUT_DEADLINE);

        echo(800);

        assertThat(seen.get()).isNotNull();
        assertThat(seen.get().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(1L, 800L);
    }

    @Test
    void without_the_interceptor_such_a_call_has_no_deadline() throws Exception {
        start(SERVED_WITHOUT_DEADLINE);

        echo(800);

        assertThat(seen.get()).isNull();
    }

    @Test
    void a_call_that_has_its_deadline_keeps_it() throws Exception {
        start(new IncomingDeadline());

        echo(800);

        assertThat(seen.get().timeRemaining(TimeUnit.MILLISECONDS)).isBetween(1L, 800L);
    }

    @Test
    void timeouts_are_read_in_every_unit_and_unreadable_ones_ignored() {
        assertThat(IncomingDeadline.nanos("300m")).isEqualTo(300_000_000L);
        assertThat(IncomingDeadline.nanos("2S")).isEqualTo(2_000_000_000L);
        assertThat(IncomingDeadline.nanos("1M")).isEqualTo(60_000_000_000L);
        assertThat(IncomingDeadline.nanos("1H")).isEqualTo(3_600_000_000_000L);
        assertThat(IncomingDeadline.nanos("5u")).isEqualTo(5_000L);
        assertThat(IncomingDeadline.nanos("7n")).isEqualTo(7L);
        assertThat(IncomingDeadline.nanos(null)).isEqualTo(-1);
        assertThat(IncomingDeadline.nanos("soon")).isEqualTo(-1);
        assertThat(IncomingDeadline.nanos("123456789S")).isEqualTo(-1);
    }

    /** {@code interceptors} as {@link ServerInterceptors#intercept}: the last one sees the call first. */
    private void start(ServerInterceptor... interceptors) throws Exception {
        ServerServiceDefinition service = ServerServiceDefinition.builder("test.Echo")
                .addMethod(
                        EchoPeer.ECHO,
                        ServerCalls.asyncUnaryCall((StringValue request, StreamObserver<StringValue> out) -> {
                            seen.set(Context.current().getDeadline());
                            out.onNext(request);
                            out.onCompleted();
                        }))
                .build();
        server = InProcessServerBuilder.forName("incoming-deadline")
                .addService(ServerInterceptors.intercept(service, interceptors))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName("incoming-deadline").build();
    }

    private void echo(long deadlineMillis) {
        ClientCalls.blockingUnaryCall(
                channel,
                EchoPeer.ECHO,
                CallOptions.DEFAULT.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS),
                StringValue.of("hi"));
    }
}
