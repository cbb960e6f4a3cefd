package dev.engram.retrieval.support;

import dev.engram.proto.v1.Cluster;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.RetrievalRequest;
import dev.engram.proto.v1.RetrievalResponse;
import dev.engram.proto.v1.RetrievalServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.net.URL;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/** A plaintext gRPC channel to the service under test, sending searches of user caroline. */
public final class SearchChannel implements AutoCloseable {

    private final ManagedChannel channel;

    public SearchChannel(URL url) {
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort())
                .usePlaintext()
                .build();
    }

    /** Searches {@code query} in caroline's memory, with whatever {@code change} sets. */
    public RetrievalResponse search(String query, UnaryOperator<RetrievalRequest.Builder> change) {
        RetrievalRequest.Builder request =
                RetrievalRequest.newBuilder().setScope(Conversation.scope()).setQuery(query);
        return RetrievalServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(20, TimeUnit.SECONDS)
                .search(change.apply(request).build());
    }

    /** Every episode id of the response, cluster by cluster. */
    public static List<String> episodeIds(RetrievalResponse response) {
        return response.getClustersList().stream()
                .flatMap(cluster -> cluster.getEpisodesList().stream())
                .map(Episode::getId)
                .toList();
    }

    public static List<String> nucleusIds(RetrievalResponse response) {
        return response.getClustersList().stream().map(Cluster::getNucleusId).toList();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
