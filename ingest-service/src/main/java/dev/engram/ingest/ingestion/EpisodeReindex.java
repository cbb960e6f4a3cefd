package dev.engram.ingest.ingestion;

import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.outbox.OutboxRelay;
import dev.engram.ingest.store.OutboxRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Replays stored episodes to vector-service, e.g. after its embedding model or backend changed:
 * queues each episode once through the outbox, in batches of {@code engram.outbox.reindex-batch-size}
 * (each its own transaction), and lets the relay deliver them. Indexing is idempotent by episode id,
 * so vector-service keeps answering searches from what it holds meanwhile; the episodes therefore stay
 * counted as indexed.
 */
@ApplicationScoped
public class EpisodeReindex {

    private final OutboxRepository outbox;
    private final OutboxRelay relay;
    private final int batchSize;

    EpisodeReindex(OutboxRepository outbox, OutboxRelay relay, OutboxConfig config) {
        this.outbox = outbox;
        this.relay = relay;
        this.batchSize = config.reindexBatchSize();
    }

    /** Queues the project's episodes (every project's when empty); emits how many were queued. */
    public Uni<Long> reindex(String project) {
        return queueAfter(project, 0, 0).invoke(queued -> {
            if (queued > 0) {
                relay.nudge();
            }
        });
    }

    private Uni<Long> queueAfter(String project, long afterPk, long queuedSoFar) {
        return outbox.queueForReindex(project, afterPk, batchSize)
                .chain(batch -> batch.lastPk() == 0
                        ? Uni.createFrom().item(queuedSoFar)
                        : queueAfter(project, batch.lastPk(), queuedSoFar + batch.queued()));
    }
}
