package dev.engram.ingest.testing;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for vector-service: a plain gRPC server that keeps what it is asked to index and can
 * be switched to answer UNAVAILABLE, like a service that is down, or told to refuse every call
 * carrying a given episode, like a service that can never index it.
 */
public class VectorServiceDouble extends VectorServiceGrpc.VectorServiceImplBase {

    private final Map<String, Episode> indexed = new ConcurrentHashMap<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final Map<String, Status> poisoned = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> poisonedCalls = new ConcurrentHashMap<>();
    private volatile boolean unavailable;
    private LocalGrpcServer server;

    public int start() {
        server = LocalGrpcServer.serve(this);
        return server.port();
    }

    public void stop() throws InterruptedException {
        server.stop();
    }

    public void setUnavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /** From now on every Index call that carries this episode fails with {@code status}. */
    public void refuseAlways(String episodeId, Status status) {
        poisoned.put(episodeId, status);
    }

    /** How many Index calls carried this refused episode. */
    public int callsWith(String episodeId) {
        AtomicInteger calls = poisonedCalls.get(episodeId);
        return calls == null ? 0 : calls.get();
    }

    /** The last version of this episode that was indexed, keyed by episode id. */
    public Optional<Episode> indexed(String episodeId) {
        return Optional.ofNullable(indexed.get(episodeId));
    }

    /** Whether an Index call carrying this episode was refused. */
    public boolean refused(String episodeId) {
        return refused.contains(episodeId);
    }

    @Override
    public void index(IndexRequest request, StreamObserver<IndexResponse> response) {
        if (unavailable) {
            request.getEpisodesList().forEach(episode -> refused.add(episode.getId()));
            response.onError(
                    Status.UNAVAILABLE.withDescription("test double is down").asRuntimeException());
            return;
        }
        Optional<Status> poison = request.getEpisodesList().stream()
                .map(episode -> poisoned.get(episode.getId()))
                .filter(status -> status != null)
                .findFirst();
        if (poison.isPresent()) {
            request.getEpisodesList().stream()
                    .filter(episode -> poisoned.containsKey(episode.getId()))
                    .forEach(episode -> poisonedCalls
                            .computeIfAbsent(episode.getId(), id -> new AtomicInteger())
                            .incrementAndGet());
            response.onError(poison.get().withDescription("cannot index").asRuntimeException());
            return;
        }
        request.getEpisodesList().forEach(episode -> indexed.put(episode.getId(), episode));
        response.onNext(IndexResponse.newBuilder()
                .setIndexed(request.getEpisodesCount())
                .build());
        response.onCompleted();
    }
}
