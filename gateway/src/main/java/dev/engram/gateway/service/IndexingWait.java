package dev.engram.gateway.service;

import dev.engram.gateway.client.IngestClient;
import dev.engram.gateway.validation.RequestValidator;
import dev.engram.proto.v1.GetStatusResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

/**
 * Waits for episodes just added to become searchable, for an add that asked to be answered then: asks
 * ingest-service which of them are not indexed yet, soon after the add and then less and less often, until
 * none is left or the time is up. Never blocks a thread; each poll asks only about those still pending.
 */
@ApplicationScoped
public class IndexingWait {

    /** Indexing a small batch takes tens of milliseconds; the first polls come as often. */
    static final Duration FIRST_POLL = Duration.ofMillis(20);

    static final Duration SLOWEST_POLL = Duration.ofMillis(250);

    private final IngestClient ingest;

    public IndexingWait(IngestClient ingest) {
        this.ingest = ingest;
    }

    /**
     * The given episodes of the user still not searchable when all are, or when {@code timeout} has passed. The
     * episodes are stored already: when their state cannot be read, they all count as pending rather than fail
     * an add that succeeded.
     */
    public Uni<List<String>> pending(String project, String userId, List<String> episodeIds, Duration timeout) {
        return poll(project, userId, episodeIds, System.nanoTime() + timeout.toNanos(), FIRST_POLL)
                .onFailure()
                .recoverWithItem(List.copyOf(episodeIds));
    }

    private Uni<List<String>> poll(
            String project, String userId, List<String> episodeIds, long deadline, Duration delay) {
        return ingest.getStatus(RequestValidator.status(project, userId).toBuilder()
                        .addAllEpisodeIds(episodeIds)
                        .build())
                .map(GetStatusResponse::getPendingEpisodeIdsList)
                .chain(pending -> {
                    long left = deadline - System.nanoTime();
                    if (pending.isEmpty() || left <= 0) {
                        return Uni.createFrom().item(List.copyOf(pending));
                    }
                    Duration wait = Duration.ofNanos(Math.min(delay.toNanos(), left));
                    Duration next = Collections.min(List.of(delay.multipliedBy(2), SLOWEST_POLL));
                    return Uni.createFrom()
                            .voidItem()
                            .onItem()
                            .delayIt()
                            .by(wait)
                            .chain(() -> poll(project, userId, List.copyOf(pending), deadline, next));
                });
    }
}
