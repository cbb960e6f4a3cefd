package dev.engram.ingest.outbox;

import dev.engram.ingest.config.OutboxConfig;
import dev.engram.ingest.deletion.DeletionRelay;
import dev.engram.ingest.store.OutboxRepository;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Delivers queued episodes to every outbox target (vector-service, profile-service), one {@link
 * TargetRelay} each, so an outage of one target never holds back the other. Runs on a schedule and,
 * for low lag, right after episodes are added.
 */
@ApplicationScoped
public class OutboxRelay {

    private final List<TargetRelay> relays;

    OutboxRelay(
            OutboxRepository outbox,
            OutboxDeliveries deliveries,
            OutboxConfig config,
            Vertx vertx,
            DeletionRelay deletions) {
        this.relays = deliveries.all().stream()
                .map(delivery -> new TargetRelay(outbox, delivery, config, vertx, deletions::nudge))
                .toList();
    }

    @Scheduled(
            identity = "outbox-relay",
            every = "${engram.outbox.interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> relay() {
        // One after the other: a run uses the caller's Hibernate session, which is not concurrent.
        Uni<Void> runs = Uni.createFrom().voidItem();
        for (TargetRelay relay : relays) {
            runs = runs.chain(relay::run);
        }
        return runs;
    }

    /** Starts a run of every target now, or right after the one in progress, without waiting for it. */
    public void nudge() {
        relays.forEach(TargetRelay::nudge);
    }
}
