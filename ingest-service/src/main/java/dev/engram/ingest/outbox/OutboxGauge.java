package dev.engram.ingest.outbox;

import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.store.OutboxRepository;
import dev.engram.telemetry.CountGauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Publishes {@code engram_outbox_pending} (rows the relay still tries to deliver) and
 * {@code engram_outbox_parked} (rows it gave up on, which need an operator), and
 * {@code engram_outbox_lag_seconds} (how long the oldest undelivered row has waited: the indexing lag for the
 * vector target), per target, recounted on a schedule.
 */
@ApplicationScoped
public class OutboxGauge {

    private static final Logger LOG = Logger.getLogger(OutboxGauge.class);

    private final OutboxRepository outbox;
    private final Map<OutboxTarget, AtomicLong> pending = new EnumMap<>(OutboxTarget.class);
    private final Map<OutboxTarget, AtomicLong> parked = new EnumMap<>(OutboxTarget.class);
    private final Map<OutboxTarget, AtomicLong> lag = new EnumMap<>(OutboxTarget.class);

    OutboxGauge(OutboxRepository outbox, MeterRegistry registry) {
        this.outbox = outbox;
        for (OutboxTarget target : OutboxTarget.values()) {
            Tags tags = Tags.of("target", target.column());
            pending.put(
                    target,
                    CountGauge.register(
                            registry, "engram.outbox.pending", tags, "Outbox rows waiting to be delivered", null));
            parked.put(
                    target,
                    CountGauge.register(
                            registry,
                            "engram.outbox.parked",
                            tags,
                            "Outbox rows no longer retried because the target keeps refusing them",
                            null));
            lag.put(
                    target,
                    CountGauge.register(
                            registry,
                            "engram.outbox.lag",
                            tags,
                            "Seconds the oldest undelivered outbox row has waited",
                            "seconds"));
        }
    }

    @Scheduled(
            identity = "outbox-pending-gauge",
            every = "${engram.outbox.gauge-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        Uni<Void> counts = Uni.createFrom().voidItem();
        for (OutboxTarget target : OutboxTarget.values()) {
            counts = counts.chain(() -> outbox.countPending(target))
                    .invoke(pending.get(target)::set)
                    .chain(() -> outbox.countParked(target))
                    .invoke(parked.get(target)::set)
                    .chain(() -> outbox.oldestPendingAgeSeconds(target))
                    .invoke(lag.get(target)::set)
                    .replaceWithVoid();
        }
        return counts.onFailure().recoverWithItem(failure -> {
            // The relay already reports database outages; the gauge keeps its last value.
            LOG.debugf("outbox gauge not refreshed: %s", failure.getMessage());
            return null;
        });
    }
}
