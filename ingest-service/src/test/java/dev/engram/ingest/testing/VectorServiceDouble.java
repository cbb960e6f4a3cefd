package dev.engram.ingest.testing;

import dev.engram.proto.v1.Episode;
import dev.engram.proto.v1.IndexRequest;
import dev.engram.proto.v1.IndexResponse;
import dev.engram.proto.v1.Scope;
import dev.engram.proto.v1.VectorDeleteRequest;
import dev.engram.proto.v1.VectorDeleteResponse;
import dev.engram.proto.v1.VectorServiceGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for vector-service: a plain gRPC server that keeps what it is asked to index, removes
 * what it is asked to delete, and records every Index delivery and Delete request it took. It can be
 * switched to answer UNAVAILABLE, like a service that is down, told to refuse every call carrying a
 * given episode, like a service that can never index it, told to answer Delete late, like a service
 * that is slow, or told to hold an Index call carrying a given episode until the test lets it finish.
 */
public class VectorServiceDouble extends VectorServiceGrpc.VectorServiceImplBase {

    private final Map<Key, Episode> indexed = new ConcurrentHashMap<>();
    private final Map<Key, AtomicInteger> deliveries = new ConcurrentHashMap<>();
    private final List<VectorDeleteRequest> deletes = new CopyOnWriteArrayList<>();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final Map<String, Status> poisoned = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> poisonedCalls = new ConcurrentHashMap<>();
    private final Map<String, Hold> held = new ConcurrentHashMap<>();
    private volatile boolean unavailable;
    private volatile Duration deleteDelay = Duration.ZERO;
    private LocalGrpcServer server;

    private record Key(String project, String episodeId) {}

    /** An Index call held back: the test learns when it arrived and decides when it goes on. */
    public static final class Hold {
        private final CountDownLatch arrived = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        public boolean awaitArrival(Duration timeout) throws InterruptedException {
            return arrived.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        public void release() {
            released.countDown();
        }
    }

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

    /** Delete answers (and takes effect) only after this long. */
    public void setDeleteDelay(Duration delay) {
        this.deleteDelay = delay;
    }

    /** From now on every Index call that carries this episode fails with {@code status}. */
    public void refuseAlways(String episodeId, Status status) {
        poisoned.put(episodeId, status);
    }

    /** Index calls carrying this episode succeed again. */
    public void stopRefusing(String episodeId) {
        poisoned.remove(episodeId);
    }

    /** The next Index call that carries this episode waits until the hold is released. */
    public Hold hold(String episodeId) {
        Hold hold = new Hold();
        held.put(episodeId, hold);
        return hold;
    }

    /** How many Index calls carried this refused episode. */
    public int callsWith(String episodeId) {
        AtomicInteger calls = poisonedCalls.get(episodeId);
        return calls == null ? 0 : calls.get();
    }

    /** The last version of this episode that was indexed (in any project) and not deleted since. */
    public Optional<Episode> indexed(String episodeId) {
        return indexed.entrySet().stream()
                .filter(entry -> entry.getKey().episodeId().equals(episodeId))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    /** The last version of the project's episode that was indexed and not deleted since. */
    public Optional<Episode> indexed(String project, String episodeId) {
        return Optional.ofNullable(indexed.get(new Key(project, episodeId)));
    }

    /** How many successful Index calls carried the project's episode. */
    public int deliveries(String project, String episodeId) {
        AtomicInteger count = deliveries.get(new Key(project, episodeId));
        return count == null ? 0 : count.get();
    }

    /** The Delete requests taken for the project, in arrival order. */
    public List<VectorDeleteRequest> deletes(String project) {
        return deletes.stream()
                .filter(request -> request.getScope().getProject().equals(project))
                .toList();
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
        request.getEpisodesList().forEach(episode -> waitIfHeld(episode.getId()));
        request.getEpisodesList().forEach(episode -> {
            Key key = new Key(episode.getScope().getProject(), episode.getId());
            indexed.put(key, episode);
            deliveries.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        });
        response.onNext(IndexResponse.newBuilder()
                .setIndexed(request.getEpisodesCount())
                .build());
        response.onCompleted();
    }

    /** Removes the listed episodes of the user, else the session's, else all of the user's. */
    @Override
    public void delete(VectorDeleteRequest request, StreamObserver<VectorDeleteResponse> response) {
        if (unavailable) {
            response.onError(
                    Status.UNAVAILABLE.withDescription("test double is down").asRuntimeException());
            return;
        }
        sleep(deleteDelay);
        Scope scope = request.getScope();
        indexed.entrySet().removeIf(entry -> {
            Scope of = entry.getValue().getScope();
            if (!of.getProject().equals(scope.getProject()) || !of.getUserId().equals(scope.getUserId())) {
                return false;
            }
            if (request.getEpisodeIdsCount() > 0) {
                return request.getEpisodeIdsList().contains(entry.getKey().episodeId());
            }
            return scope.getSessionId().isEmpty() || of.getSessionId().equals(scope.getSessionId());
        });
        deletes.add(request);
        response.onNext(VectorDeleteResponse.getDefaultInstance());
        response.onCompleted();
    }

    private void waitIfHeld(String episodeId) {
        Hold hold = held.remove(episodeId);
        if (hold == null) {
            return;
        }
        hold.arrived.countDown();
        try {
            hold.released.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
