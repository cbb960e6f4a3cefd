package dev.engram.e2e;

import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorCountRequest;
import dev.engram.proto.v1.VectorCountResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.concurrent.TimeUnit;

/**
 * vector-service's own count of what its index holds, read over gRPC as an operator would: the
 * public API only reports what ingest-service believes was indexed, not what the index holds.
 */
final class VectorIndex implements AutoCloseable {

    /** The project of {@link RunningPlatform#gateway()}'s key. */
    private static final String PROJECT = "default";

    private final ManagedChannel channel;
    private final VectorServiceGrpc.VectorServiceBlockingStub stub;

    VectorIndex(String host, int port) {
        this.channel =
                ManagedChannelBuilder.forAddress(host, port).usePlaintext().build();
        this.stub = VectorServiceGrpc.newBlockingStub(channel);
    }

    VectorCountResponse count(String user) {
        return count(PROJECT, user);
    }

    VectorCountResponse count(String project, String user) {
        return stub.withDeadlineAfter(10, TimeUnit.SECONDS)
                .count(VectorCountRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject(project).setUserId(user))
                        .build());
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
