package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.util.concurrent.ListenableFuture;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Callers cancel calls whose deadline passed, each with an RST_STREAM frame. Hundreds of them on one connection, as
 * an overloaded platform sends, must not make the server close that connection (HTTP/2's rapid-reset guard would,
 * after 200) and so fail every other call on it.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class CancelledCallsTest {

    private static final int CANCELLED = 1000;

    @TestHTTPResource("/")
    URL server;

    @Test
    void a_connection_outlives_a_thousand_cancelled_calls() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
        try {
            VectorCountRequest count = VectorCountRequest.newBuilder()
                    .setScope(Scope.newBuilder().setProject("cancelled").setUserId("u"))
                    .build();
            VectorServiceGrpc.newBlockingStub(channel).count(count); // the connection is up
            VectorServiceGrpc.VectorServiceFutureStub stub = VectorServiceGrpc.newFutureStub(channel);
            List<ListenableFuture<VectorCountResponse>> answered = new ArrayList<>();
            for (int i = 0; i < CANCELLED; i++) {
                ClientCall<VectorCountRequest, VectorCountResponse> call =
                        channel.newCall(VectorServiceGrpc.getCountMethod(), CallOptions.DEFAULT);
                call.start(new ClientCall.Listener<VectorCountResponse>() {}, new Metadata());
                call.sendMessage(count);
                call.cancel("the caller's deadline passed", null);
                // Calls that are not cancelled keep going on the same connection all the while.
                answered.add(stub.withDeadlineAfter(30, TimeUnit.SECONDS).count(count));
            }

            for (ListenableFuture<VectorCountResponse> answer : answered) {
                assertThat(answer.get().getEpisodes()).isZero();
            }
        } finally {
            channel.shutdownNow();
        }
    }
}
