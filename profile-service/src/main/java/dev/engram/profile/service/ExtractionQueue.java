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
import java.util.stream.Collectors;

/**
 * Episodes waiting for extraction: queued once each by Observe (once per revision: a corrected episode is extracted
 * again), claimed in due batches by workers.
 */
@ApplicationScoped
public class ExtractionQueue {

    private final ObservedEpisodeRepository observed;
    private final ProfileEdits edits;
    private final ProfileConfig config;

    ExtractionQueue(ObservedEpisodeRepository observed, ProfileEdits edits, ProfileConfig config) {
        this.observed = observed;
        this.edits = edits;
        this.config = config;
    }

    /**
     * Queues the episodes; emits how many were not queued before. First revisions are queued in one transaction. A
     * corrected episode newer than the revision observed first has what its earlier text gave forgotten (as a
     * deletion would) and is then queued again; a redelivered revision changes nothing, so a retry after either
     * step is harmless.
     */
    public Uni<Integer> observe(List<ObservedEpisode> episodes) {
        List<ObservedEpisode> first =
                episodes.stream().filter(episode -> episode.revision == 0).toList();
        List<ObservedEpisode> corrected =
                episodes.stream().filter(episode -> episode.revision > 0).toList();
        return queue(first)
                .chain(queued -> Multi.createFrom()
                        .iterable(corrected)
                        .onItem()
                        .transformToUniAndConcatenate(this::requeue)
                        .collect()
                        .with(Collectors.summingInt(Integer::intValue))
                        .map(requeued -> queued + requeued));
    }

    private Uni<Integer> queue(List<ObservedEpisode> episodes) {
        if (episodes.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Panache.withTransaction(() -> Multi.createFrom()
                .iterable(episodes)
                .onItem()
                .transformToUniAndConcatenate(observed::observe)
                .collect()
                .with(Collectors.summingInt(Integer::intValue)));
    }

    private Uni<Integer> requeue(ObservedEpisode episode) {
        return Panache.withSession(() -> observed.observedRevision(episode.project, episode.userId, episode.episodeId))
                .chain(seen -> seen.isPresent() && seen.get() >= episode.revision
                        ? Uni.createFrom().item(0)
                        : edits.forgetEpisodes(episode.project, episode.userId, List.of(episode.episodeId))
                                .chain(() -> queue(List.of(episode))));
    }

    /** The due episodes of one user, leased to the caller; empty when no user has due work. */
    public Uni<Optional<ClaimedBatch>> claim() {
        return Panache.withTransaction(() -> observed.claim(
                config.batchSize(), config.maxWait(), config.maxBatch(), config.lease(), config.claimWindow()));
    }

    public Uni<Long> countWaiting(String project, String userId) {
        return Panache.withSession(() -> observed.countWaiting(project, userId));
    }
}
