package dev.engram.ingest.deletion;

import dev.engram.ingest.config.DeletionConfig;
import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.model.DeletionJob;
import dev.engram.ingest.model.DeletionRequest;
import dev.engram.ingest.model.DeletionStatus;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.shortterm.ShortTermSummarizer;
import dev.engram.ingest.store.DeletionRepository;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Deletes episodes everywhere: PostgreSQL and short-term memory in one transaction that also records
 * the deletion durably, then the derived stores at once, each within its purge deadline. A store that
 * could not be purged in time is left to {@link DeletionRelay} and reported pending. Answers are
 * counted in {@code engram_deletions_total} by outcome.
 */
@ApplicationScoped
public class EpisodeDeletion {

    private final DeletionRepository deletions;
    private final Purges purges;
    private final ShortTermSummarizer summarizer;
    private final DeletionConfig config;
    // The stores that may hold derived data: profile-service only where episodes are sent to it.
    private final Set<OutboxTarget> stores;
    private final Counter complete;
    private final Counter pending;

    EpisodeDeletion(
            DeletionRepository deletions,
            Purges purges,
            ShortTermSummarizer summarizer,
            DeletionConfig config,
            ProfileClientConfig profile,
            MeterRegistry registry) {
        this.deletions = deletions;
        this.purges = purges;
        this.summarizer = summarizer;
        this.config = config;
        this.stores = profile.enabled() ? EnumSet.allOf(OutboxTarget.class) : EnumSet.of(OutboxTarget.VECTOR);
        this.complete = answers(registry, "complete");
        this.pending = answers(registry, "pending");
    }

    private static Counter answers(MeterRegistry registry, String outcome) {
        return Counter.builder("engram.deletions")
                .description("Deletions answered, by whether every store was purged in time")
                .tag("outcome", outcome)
                .register(registry);
    }

    /** Where the deletion stands once the stores were tried; empty when the request names no episode of the user. */
    public Uni<Optional<DeletionStatus>> delete(DeletionRequest request) {
        return deletions
                .record(request, stores, config.lease())
                .chain(job -> job.isEmpty() ? Uni.createFrom().item(Optional.empty()) : purgeNow(job.get()));
    }

    /** The deletion with this id in the project; empty when there is none. */
    public Uni<Optional<DeletionStatus>> status(String project, UUID id) {
        return deletions.find(project, id);
    }

    private Uni<Optional<DeletionStatus>> purgeNow(DeletionJob job) {
        if (job.shortTermChanged()) {
            // The summary was reset; rebuild it from the episodes that remain now rather than at the next sweep.
            summarizer.nudge();
        }
        return purges.runAll(job.purges())
                .chain(() -> deletions.find(job.project(), job.id()))
                .invoke(status -> status.ifPresent(found -> (found.complete() ? complete : pending).increment()));
    }
}
