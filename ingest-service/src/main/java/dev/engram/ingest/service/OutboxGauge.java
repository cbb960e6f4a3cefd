package dev.engram.ingest.service;

import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.store.OutboxRepository;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Publishes {@code engram_outbox_pending} (rows the relay still tries to deliver) and
 * {@code engram_outbox_parked} (rows it gave up on, which need an operator), per target. A scrape
 * cannot run a reactive query, so the values are recounted on a schedule and the gauges read the
 * last counts.
 */
@ApplicationScoped
public class OutboxGauge {

    private static final Logger LOG = Logger.getLogger(OutboxGauge.class);

    private final OutboxRepository outbox;
    private final AtomicLong pendingVector = new AtomicLong();
    private final AtomicLong parkedVector = new AtomicLong();

    OutboxGauge(OutboxRepository outbox, MeterRegistry registry) {
        this.outbox = outbox;
        Gauge.builder("engram.outbox.pending", pendingVector, AtomicLong::get)
                .description("Outbox rows waiting to be delivered")
                .tag("target", OutboxTarget.VECTOR.column())
                .register(registry);
        Gauge.builder("engram.outbox.parked", parkedVector, AtomicLong::get)
                .description("Outbox rows no longer retried because the target keeps refusing them")
                .tag("target", OutboxTarget.VECTOR.column())
                .register(registry);
    }

    @Scheduled(
            identity = "outbox-pending-gauge",
            every = "${engram.outbox.gauge-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return outbox.countPending(OutboxTarget.VECTOR)
                .invoke(pendingVector::set)
                .chain(() -> outbox.countParked(OutboxTarget.VECTOR))
                .invoke(parkedVector::set)
                .replaceWithVoid()
                .onFailure()
                .recoverWithItem(failure -> {
                    // The relay already reports database outages; the gauge keeps its last value.
                    LOG.debugf("outbox gauge not refreshed: %s", failure.getMessage());
                    return null;
                });
    }
}
