package dev.engram.profile.service;

import dev.engram.profile.config.ProfileConfig;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.store.ObservedEpisodeRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/** Episodes waiting for extraction: queued once each by Observe, claimed in due batches by workers. */
@ApplicationScoped
public class ExtractionQueue {

    private final ObservedEpisodeRepository observed;
    private final ProfileConfig config;

    ExtractionQueue(ObservedEpisodeRepository observed, ProfileConfig config) {
        this.observed = observed;
        this.config = config;
    }

    /** Queues the episodes in one transaction; emits how many were not queued before. */
    public Uni<Integer> observe(List<ObservedEpisode> episodes) {
        return Panache.withTransaction(() -> Multi.createFrom()
                .iterable(episodes)
                .onItem()
                .transformToUniAndConcatenate(observed::observe)
                .collect()
                .with(java.util.stream.Collectors.summingInt(Integer::intValue)));
    }

    /** The due episodes of one user, leased to the caller; empty when no user has due work. */
    public Uni<Optional<ClaimedBatch>> claim() {
        return Panache.withTransaction(
                () -> observed.claim(config.batchSize(), config.maxWait(), config.maxBatch(), config.lease()));
    }

    public Uni<Long> countWaiting(String project, String userId) {
        return Panache.withSession(() -> observed.countWaiting(project, userId));
    }
}
