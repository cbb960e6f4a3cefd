package dev.engram.vector.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.util.concurrent.ListenableFuture;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorSearchRequest;
import dev.engram.proto.v1.VectorSearchResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import dev.engram.vector.scheduling.SearchesInFlight;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Indexing gives way to the searches in flight, so their count must come back to zero however the calls end:
 * answered, or cancelled by their caller. A count left above zero would slow every later indexing run.
 */
@QuarkusTest
@WithTestResource(TemporaryIndexDirectory.class)
class SearchesInFlightCountTest {

    @TestHTTPResource("/")
    URL server;

    @Inject
    SearchesInFlight searches;

    @Test
    void answered_and_cancelled_searches_all_leave_the_count() throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
        try {
            Scope scope =
                    Scope.newBuilder().setProject("in-flight").setUserId("u").build();
            VectorSearchRequest search = VectorSearchRequest.newBuilder()
                    .setScope(scope)
                    .setQuery("where did we go hiking")
                    .setLimit(5)
                    .build();
            VectorServiceGrpc.newBlockingStub(channel)
                    .count(VectorCountRequest.newBuilder().setScope(scope).build());
            assertThat(searches.running()).isZero();

            VectorServiceGrpc.VectorServiceFutureStub stub = VectorServiceGrpc.newFutureStub(channel);
            List<ListenableFuture<VectorSearchResponse>> answered = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                ClientCall<VectorSearchRequest, VectorSearchResponse> call =
                        channel.newCall(VectorServiceGrpc.getSearchMethod(), CallOptions.DEFAULT);
                call.start(new ClientCall.Listener<VectorSearchResponse>() {}, new Metadata());
                call.sendMessage(search);
                call.halfClose();
                call.cancel("the caller gave up", null);
                answered.add(stub.withDeadlineAfter(30, TimeUnit.SECONDS).search(search));
            }
            for (ListenableFuture<VectorSearchResponse> answer : answered) {
                assertThat(answer.get().getHitsList()).isEmpty();
            }

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (searches.running() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(searches.running()).isZero();
        } finally {
            channel.shutdownNow();
        }
    }
}
