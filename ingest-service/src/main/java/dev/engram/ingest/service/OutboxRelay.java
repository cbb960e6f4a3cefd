package dev.engram.ingest.service;

import dev.engram.ingest.client.VectorIndexClient;
import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.store.OutboxRepository;
import io.grpc.Status;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Delivers queued episodes to vector-service. A delivered batch is removed from the outbox and its
 * episodes marked indexed in one transaction. A batch that fails for a transient reason (outage,
 * timeout, overload) is retried whole after a backoff, so an accepted episode reaches the index
 * whenever vector-service is back. Any other failure may be one bad episode: the batch's rows are
 * then delivered one by one at once, so the others are not held back, and a row refused on its
 * own is retried with backoff until it is parked. Runs on a schedule and, for low indexing lag,
 * right after episodes are added.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int MAX_ERROR_LENGTH = 1000;
    private static final Set<Status.Code> TRANSIENT = EnumSet.of(
            Status.Code.UNAVAILABLE,
            Status.Code.DEADLINE_EXCEEDED,
            Status.Code.RESOURCE_EXHAUSTED,
            Status.Code.ABORTED,
            Status.Code.CANCELLED);

    private final OutboxRepository outbox;
    private final VectorIndexClient vector;
    private final OutboxConfig config;
    // Scheduled runs and nudges share one relay; a nudge during a run asks for one more pass.
    private final ExclusiveRun run;
    // An outage fails every attempt; only its start and its end are worth a log line each.
    private final AtomicBoolean failing = new AtomicBoolean();

    OutboxRelay(OutboxRepository outbox, VectorIndexClient vector, OutboxConfig config, Vertx vertx) {
        this.outbox = outbox;
        this.vector = vector;
        this.config = config;
        this.run = new ExclusiveRun(
                vertx, this::drain, failure -> reportFailure("outbox relay could not use the database", failure));
    }

    @Scheduled(
            identity = "outbox-vector-relay",
            every = "${engram.outbox.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> relay() {
        return run.run();
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        run.nudge();
    }

    /** Relays batch after batch while they come back full and deliveries succeed. */
    private Uni<Void> drain() {
        return outbox.claim(OutboxTarget.VECTOR, config.batchSize(), config.lease())
                .chain(batch -> batch.isEmpty() ? Uni.createFrom().item(false) : deliver(batch))
                .chain(continueDraining ->
                        continueDraining ? drain() : Uni.createFrom().voidItem());
    }

    /** Emits true when the batch was delivered and was full, i.e. more rows may be due. */
    private Uni<Boolean> deliver(OutboxBatch batch) {
        boolean full = batch.size() >= config.batchSize();
        return vector.index(batch.episodes()).onItemOrFailure().transformToUni((indexed, failure) -> {
            if (failure == null) {
                return outbox.completeIndexing(batch)
                        .invoke(this::reportRecovery)
                        .replaceWith(full);
            }
            if (isTransient(failure)) {
                reportFailure("vector-service did not index " + batch.size() + " episodes", failure);
                return outbox.reschedule(
                                batch.outboxIds(), describe(failure), config.initialBackoff(), config.maxBackoff())
                        .replaceWith(false);
            }
            if (batch.size() == 1) {
                return reject(batch, failure).replaceWith(full);
            }
            LOG.debugf(
                    "vector-service refused %d episodes (%s); delivering them one by one",
                    batch.size(), describe(failure));
            return deliverOneByOne(batch.split()).replaceWith(full);
        });
    }

    /** Delivers rows in turn, renewing the lease of those still waiting before each call. */
    private Uni<Void> deliverOneByOne(List<OutboxBatch> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        OutboxBatch row = rows.get(0);
        List<OutboxBatch> rest = rows.subList(1, rows.size());
        List<Long> waiting = rest.stream().flatMap(r -> r.outboxIds().stream()).toList();
        return outbox.renewLease(waiting, config.lease())
                .chain(() -> vector.index(row.episodes()))
                .onItemOrFailure()
                .transformToUni((indexed, failure) -> {
                    if (failure == null) {
                        return outbox.completeIndexing(row).invoke(this::reportRecovery);
                    }
                    if (isTransient(failure)) {
                        reportFailure("vector-service did not index an episode", failure);
                        return outbox.reschedule(
                                row.outboxIds(), describe(failure), config.initialBackoff(), config.maxBackoff());
                    }
                    return reject(row, failure);
                })
                .chain(() -> deliverOneByOne(rest));
    }

    private Uni<Void> reject(OutboxBatch row, Throwable failure) {
        long id = row.outboxIds().get(0);
        String error = describe(failure);
        return outbox.reject(id, error, config.initialBackoff(), config.maxBackoff(), config.maxAttempts())
                .invoke(parked -> {
                    if (parked) {
                        LOG.warnf(
                                "outbox row %d (episode %s) parked after vector-service refused it %d times: %s",
                                id, episodeId(row), config.maxAttempts(), error);
                    } else {
                        LOG.debugf("vector-service refused outbox row %d: %s", id, error);
                    }
                })
                .replaceWithVoid();
    }

    private static String episodeId(OutboxBatch row) {
        return row.episodes().isEmpty() ? "unknown" : row.episodes().get(0).episodeId;
    }

    private static boolean isTransient(Throwable failure) {
        return TRANSIENT.contains(Status.fromThrowable(failure).getCode());
    }

    private void reportFailure(String what, Throwable failure) {
        if (failing.compareAndSet(false, true)) {
            LOG.warnf("%s: %s; retrying with backoff (repeats are logged at DEBUG)", what, describe(failure));
        } else {
            LOG.debugf("%s: %s", what, describe(failure));
        }
    }

    private void reportRecovery() {
        if (failing.compareAndSet(true, false)) {
            LOG.info("outbox relay delivers to vector-service again");
        }
    }

    private static String describe(Throwable failure) {
        String text = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }
}
