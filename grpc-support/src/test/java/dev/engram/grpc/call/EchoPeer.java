package dev.engram.grpc.call;

import com.google.protobuf.StringValue;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A real gRPC server, in process, with one method that echoes its request. It records, for every call, how much
 * of its deadline the call still had when it arrived, and answers as its handler says.
 */
final class EchoPeer implements AutoCloseable {

    static final MethodDescriptor<StringValue, StringValue> ECHO =
            MethodDescriptor.<StringValue, StringValue>newBuilder()
                    .setType(MethodDescriptor.MethodType.UNARY)
                    .setFullMethodName("test.Echo/Echo")
                    .setRequestMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
                    .setResponseMarshaller(ProtoUtils.marshaller(StringValue.getDefaultInstance()))
                    .build();

    /** Remaining milliseconds of each call's deadline on arrival; -1 for a call without one. */
    private final Queue<Long> arrivals = new ConcurrentLinkedQueue<>();

    private final Server server;
    private final ManagedChannel channel;

    /** {@code handler} answers each request, or throws a status to fail it. */
    EchoPeer(String name, Function<String, String> handler) throws IOException {
        ServerServiceDefinition service = ServerServiceDefinition.builder("test.Echo")
                .addMethod(ECHO, ServerCalls.asyncUnaryCall((StringValue request, StreamObserver<StringValue> out) -> {
                    Deadline deadline = Context.current().getDeadline();
                    arrivals.add(deadline == null ? -1 : deadline.timeRemaining(TimeUnit.MILLISECONDS));
                    try {
                        out.onNext(StringValue.of(handler.apply(request.getValue())));
                        out.onCompleted();
                    } catch (RuntimeException e) {
                        out.onError(Status.fromThrowable(e).asRuntimeException(Status.trailersFromThrowable(e)));
                    }
                }))
                .build();
        // As in every service, the caller's own deadline is applied where it is sooner than the stream's.
        server = InProcessServerBuilder.forName(name)
                .addService(ServerInterceptors.intercept(service, new IncomingDeadline()))
                .build()
                .start();
        channel = InProcessChannelBuilder.forName(name).build();
    }

    Stub stub() {
        return new Stub(channel, CallOptions.DEFAULT);
    }

    List<Long> arrivals() {
        return List.copyOf(arrivals);
    }

    int calls() {
        return arrivals.size();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    /** A Mutiny stub of the echo method, as the services' generated stubs are. */
    static final class Stub extends AbstractStub<Stub> {

        Stub(Channel channel, CallOptions options) {
            super(channel, options);
        }

        @Override
        protected Stub build(Channel channel, CallOptions options) {
            return new Stub(channel, options);
        }

        /** Cancels its call when no longer waited for, as the generated stubs do. */
        Uni<String> echo(String text) {
            return Uni.createFrom()
                    .<StringValue>emitter(emitter -> {
                        ClientCall<StringValue, StringValue> call = getChannel().newCall(ECHO, getCallOptions());
                        emitter.onTermination(() -> call.cancel("no longer waited for", null));
                        ClientCalls.asyncUnaryCall(call, StringValue.of(text), new StreamObserver<>() {
                            private StringValue answer;

                            @Override
                            public void onNext(StringValue value) {
                                answer = value;
                            }

                            @Override
                            public void onError(Throwable failure) {
                                emitter.fail(failure);
                            }

                            // Once the call is closed, so that the cancellation on termination finds nothing to reset.
                            @Override
                            public void onCompleted() {
                                emitter.complete(answer);
                            }
                        });
                    })
                    .map(StringValue::getValue);
        }
    }
}
