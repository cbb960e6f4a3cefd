package dev.engram.ingest.outbox;

import dev.engram.grpc.call.CallFailure;
import dev.engram.ingest.background.ExclusiveRun;
import dev.engram.ingest.background.Repeat;
import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.store.OutboxRepository;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Delivers one target's queued episodes. A delivered batch is removed from the outbox (and, for
 * vector-service, its episodes marked indexed) in one transaction. A batch that fails for a
 * transient reason (outage, timeout, overload) is retried whole after a backoff, so an accepted
 * episode reaches the target whenever it is back. Any other failure may be one bad episode: the
 * batch's rows are then delivered one by one at once, so the others are not held back, and a row
 * refused on its own is retried with backoff until it is parked. Episodes deleted while their
 * delivery ran are purged from the target once it is over (see {@link OutboxRepository#complete}).
 */
final class TargetRelay {

    private static final Duration COMPLETE_FIRST_BACKOFF = Duration.ofMillis(250);
    private static final Duration COMPLETE_MAX_BACKOFF = Duration.ofSeconds(4);
    private static final int COMPLETE_RETRIES = 12;
    private static final Logger LOG = Logger.getLogger(TargetRelay.class);
    private static final int MAX_ERROR_LENGTH = 1000;

    private final OutboxRepository outbox;
    private final OutboxDelivery delivery;
    private final OutboxConfig config;
    // Starts purging delivered episodes that were deleted while they were delivered.
    private final Runnable onVanished;
    // Scheduled runs and nudges share one relay; a nudge during a run asks for one more pass.
    private final ExclusiveRun run;
    // An outage fails every attempt; only its start and its end are worth a log line each.
    private final AtomicBoolean failing = new AtomicBoolean();

    TargetRelay(
            OutboxRepository outbox, OutboxDelivery delivery, OutboxConfig config, Vertx vertx, Runnable onVanished) {
        this.outbox = outbox;
        this.delivery = delivery;
        this.config = config;
        this.onVanished = onVanished;
        this.run = new ExclusiveRun(
                vertx, this::drain, failure -> reportFailure("outbox relay could not use the database", failure));
    }

    /** Runs the relay unless it is running; completes when this run is over. */
    Uni<Void> run() {
        return run.run();
    }

    /** Starts a run now, or right after the one in progress, without waiting for it. */
    void nudge() {
        run.nudge();
    }

    /** Relays batch after batch while they come back full and deliveries succeed. */
    private Uni<Void> drain() {
        return Repeat.whileTrue(() -> outbox.claim(delivery.target(), config.batchSize(), config.lease())
                .chain(batch -> batch.isEmpty() ? Uni.createFrom().item(false) : deliver(batch)));
    }

    /** Emits true when the batch was delivered and was full, i.e. more rows may be due. */
    private Uni<Boolean> deliver(OutboxBatch batch) {
        boolean full = batch.size() >= config.batchSize();
        return delivery.deliver(batch.episodes()).onItemOrFailure().transformToUni((delivered, failure) -> {
            if (failure == null) {
                return completeDelivered(batch)
                        .invoke(this::purgeVanished)
                        .invoke(this::reportRecovery)
                        .replaceWith(full);
            }
            if (isTransient(failure)) {
                reportFailure(delivery.service() + " did not take " + batch.size() + " episodes", failure);
                return outbox.reschedule(
                                batch,
                                delivery.target(),
                                describe(failure),
                                config.initialBackoff(),
                                config.maxBackoff())
                        .invoke(this::purgeVanished)
                        .replaceWith(false);
            }
            if (batch.size() == 1) {
                return reject(batch, failure).replaceWith(full);
            }
            LOG.debugf(
                    "%s refused %d episodes (%s); delivering them one by one",
                    delivery.service(), batch.size(), describe(failure));
            return deliverOneByOne(batch.split()).replaceWith(full);
        });
    }

    /**
     * Records a delivery the target has already taken. Only the bookkeeping is missing, so it is retried
     * through a short database outage: given up, the rows would wait out their lease and be delivered again.
     */
    private Uni<Integer> completeDelivered(OutboxBatch batch) {
        return outbox.complete(batch, delivery.target(), delivery.marksIndexed())
                .onFailure()
                .retry()
                .withBackOff(COMPLETE_FIRST_BACKOFF, COMPLETE_MAX_BACKOFF)
                .atMost(COMPLETE_RETRIES);
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
                .chain(() -> delivery.deliver(row.episodes()))
                .onItemOrFailure()
                .transformToUni((delivered, failure) -> {
                    if (failure == null) {
                        return completeDelivered(row)
                                .invoke(this::purgeVanished)
                                .invoke(this::reportRecovery)
                                .replaceWithVoid();
                    }
                    if (isTransient(failure)) {
                        reportFailure(delivery.service() + " did not take an episode", failure);
                        return outbox.reschedule(
                                        row,
                                        delivery.target(),
                                        describe(failure),
                                        config.initialBackoff(),
                                        config.maxBackoff())
                                .invoke(this::purgeVanished)
                                .replaceWithVoid();
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
                                "outbox row %d (episode %s) parked after %s refused it %d times: %s",
                                id, episodeId(row), delivery.service(), config.maxAttempts(), error);
                    } else {
                        LOG.debugf("%s refused outbox row %d: %s", delivery.service(), id, error);
                    }
                })
                .replaceWithVoid();
    }

    private void purgeVanished(int purges) {
        if (purges > 0) {
            LOG.debugf("episodes deleted while %s took them are purged from it again", delivery.service());
            onVanished.run();
        }
    }

    private static String episodeId(OutboxBatch row) {
        return row.episodes().isEmpty() ? "unknown" : row.episodes().get(0).episodeId;
    }

    private static boolean isTransient(Throwable failure) {
        return CallFailure.isTransient(failure);
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
            LOG.infof("outbox relay delivers to %s again", delivery.service());
        }
    }

    private static String describe(Throwable failure) {
        String text = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }
}
