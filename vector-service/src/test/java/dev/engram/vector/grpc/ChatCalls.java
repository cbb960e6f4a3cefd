package dev.engram.vector.grpc;

import com.google.protobuf.Timestamp;
import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.GraphSearchRequest;
import dev.engram.proto.v1.GraphSearchResponse;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.SearchFilter;
import dev.engram.proto.v1.SegTreeSearchRequest;
import dev.engram.proto.v1.SegTreeSearchResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.net.URL;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Real gRPC calls to the service under test about a chat between Maya and Leo, each test in a project of its
 * own: episodes said a given number of seconds after 2023-05-08T13:00:00Z, indexing and graph search.
 */
final class ChatCalls implements AutoCloseable {

    static final long T0 = 1_683_550_800L; // 2023-05-08T13:00:00Z

    private final ManagedChannel channel;
    final String project = "project-" + UUID.randomUUID();

    ChatCalls(URL server) {
        channel = ManagedChannelBuilder.forAddress(server.getHost(), server.getPort())
                .usePlaintext()
                .build();
    }

    VectorServiceGrpc.VectorServiceBlockingStub stub() {
        return VectorServiceGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
    }

    void index(Episode... episodes) {
        stub().index(IndexRequest.newBuilder().addAllEpisodes(List.of(episodes)).build());
    }

    GraphSearchResponse graphSearch(String user, String query, SearchFilter filter) {
        return stub().graphSearch(GraphSearchRequest.newBuilder()
                .setScope(scope(user))
                .setQuery(query)
                .setLimit(10)
                .setFilter(filter)
                .build());
    }

    SegTreeSearchResponse segTreeSearch(String user, String query, SearchFilter filter) {
        return stub().segTreeSearch(SegTreeSearchRequest.newBuilder()
                .setScope(scope(user))
                .setQuery(query)
                .setLimit(10)
                .setFilter(filter)
                .build());
    }

    Scope scope(String user) {
        return Scope.newBuilder().setProject(project).setUserId(user).build();
    }

    /** A turn of Maya's to Leo or of Leo's to Maya. */
    Episode episode(String user, String session, String id, String speaker, String content, long offset) {
        return Episode.newBuilder()
                .setId(id)
                .setScope(scope(user).toBuilder().setSessionId(session))
                .setProducer(speaker)
                .setProducedFor(speaker.equals("Maya") ? "Leo" : "Maya")
                .setContent(content)
                .setTimestamp(Timestamp.newBuilder().setSeconds(T0 + offset))
                .build();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
