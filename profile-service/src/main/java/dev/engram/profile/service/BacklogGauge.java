package dev.engram.profile.service;

import dev.engram.profile.store.ObservedEpisodeRepository;
import dev.engram.telemetry.CountGauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Publishes {@code engram_profile_backlog} (episodes observed but not yet extracted, over every user) and
 * {@code engram_profile_backlog_age_seconds} (how long the oldest of them has waited), recounted on a schedule.
 * The age stays below {@code engram.profile.max-wait} plus a poll while the workers keep up; one that keeps
 * growing means extraction is stuck or too slow for what arrives.
 */
@ApplicationScoped
public class BacklogGauge {

    private static final Logger LOG = Logger.getLogger(BacklogGauge.class);

    private final ObservedEpisodeRepository observed;
    private final AtomicLong backlog;
    private final AtomicLong age;

    BacklogGauge(ObservedEpisodeRepository observed, MeterRegistry registry) {
        this.observed = observed;
        this.backlog = CountGauge.register(
                registry, "engram.profile.backlog", Tags.empty(), "Episodes waiting for profile extraction", null);
        this.age = CountGauge.register(
                registry,
                "engram.profile.backlog.age",
                Tags.empty(),
                "Seconds the oldest episode waiting for profile extraction has waited",
                "seconds");
    }

    @Scheduled(
            identity = "profile-backlog-gauge",
            every = "${engram.profile.gauge-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return Panache.withSession(() -> observed.countBacklog()
                        .invoke(backlog::set)
                        .chain(observed::oldestBacklogAgeSeconds)
                        .invoke(age::set))
                .replaceWithVoid()
                .onFailure()
                .recoverWithItem(failure -> {
                    // Extraction itself reports database outages; the gauges keep their last values.
                    LOG.debugf("profile backlog gauge not refreshed: %s", failure.getMessage());
                    return null;
                });
    }
}
