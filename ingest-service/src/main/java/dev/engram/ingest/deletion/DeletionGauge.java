package dev.engram.ingest.deletion;

import dev.engram.ingest.store.DeletionRepository;
import dev.engram.telemetry.CountGauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Publishes {@code engram_deletions_pending}: deletions with a derived store still to purge. It
 * should fall back to 0 on its own; a value that stays up means a store keeps refusing its purge.
 * A scrape cannot run a reactive query, so the count is refreshed on a schedule.
 */
@ApplicationScoped
public class DeletionGauge {

    private static final Logger LOG = Logger.getLogger(DeletionGauge.class);
    private static final String NAME = "engram.deletions.pending";

    private final DeletionRepository deletions;
    private final AtomicLong pending;

    DeletionGauge(DeletionRepository deletions, MeterRegistry registry) {
        this.deletions = deletions;
        this.pending = CountGauge.register(
                registry,
                NAME,
                Tags.empty(),
                "Deletions whose episodes are gone but a derived store is still to be purged",
                null);
    }

    @Scheduled(
            identity = "deletions-pending-gauge",
            every = "${engram.deletion.gauge-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return deletions
                .countIncomplete()
                .invoke(pending::set)
                .replaceWithVoid()
                .onFailure()
                .recoverWithItem(failure -> {
                    // The relay already reports database outages; the gauge keeps its last value.
                    LOG.debugf("deletion gauge not refreshed: %s", failure.getMessage());
                    return null;
                });
    }
}
