package dev.engram.ingest.service;

import dev.engram.ingest.client.VectorIndexClient;
import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.store.OutboxRepository;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Delivers queued episodes to vector-service. A delivered batch is removed from the outbox and its
 * episodes marked indexed in one transaction; a failed batch is retried after a backoff, so an
 * accepted episode reaches the index whenever vector-service is back. Runs on a schedule and,
 * for low indexing lag, right after episodes are added.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int MAX_ERROR_LENGTH = 1000;

    private final OutboxRepository outbox;
    private final VectorIndexClient vector;
    private final OutboxConfig config;
    private final Vertx vertx;
    // Scheduled runs and nudges share one relay; a nudge during a run asks for one more pass.
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean rerun = new AtomicBoolean();
    // An outage fails every attempt; only its start and its end are worth a log line each.
    private final AtomicBoolean failing = new AtomicBoolean();

    OutboxRelay(OutboxRepository outbox, VectorIndexClient vector, OutboxConfig config, Vertx vertx) {
        this.outbox = outbox;
        this.vector = vector;
        this.config = config;
        this.vertx = vertx;
    }

    @Scheduled(
            identity = "outbox-vector-relay",
            every = "${engram.outbox.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> relay() {
        return runExclusively();
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        // A fresh duplicated context, flagged safe as Panache demands: the run gets a Hibernate
        // session of its own, apart from the caller's request.
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> runExclusively().subscribe().with(done -> {}, failure -> {}));
    }

    private Uni<Void> runExclusively() {
        if (!running.compareAndSet(false, true)) {
            rerun.set(true);
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .deferred(this::drain)
                .onFailure()
                .recoverWithItem(failure -> {
                    reportFailure("outbox relay could not use the database", failure);
                    return null;
                })
                .eventually(() -> running.set(false))
                .chain(() -> rerun.getAndSet(false)
                        ? runExclusively()
                        : Uni.createFrom().voidItem());
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
        return vector.index(batch.episodes()).onItemOrFailure().transformToUni((indexed, failure) -> {
            if (failure != null) {
                reportFailure("vector-service did not index " + batch.size() + " episodes", failure);
                return outbox.reschedule(
                                batch.outboxIds(), describe(failure), config.initialBackoff(), config.maxBackoff())
                        .replaceWith(false);
            }
            return outbox.completeIndexing(batch)
                    .invoke(this::reportRecovery)
                    .replaceWith(batch.size() >= config.batchSize());
        });
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
