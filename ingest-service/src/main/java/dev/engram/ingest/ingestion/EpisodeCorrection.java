package dev.engram.ingest.ingestion;

import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.model.Correction;
import dev.engram.ingest.model.EpisodeChange;
import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.StoredEpisode;
import dev.engram.ingest.outbox.OutboxRelay;
import dev.engram.ingest.shortterm.ShortTermSummarizer;
import dev.engram.ingest.store.EpisodeCorrections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Corrects a stored episode in place. The episodes are the ground truth, so a correction is the one way an
 * episode's text changes: in one transaction the row takes the new values and a new revision, and the episode is
 * queued again for every derived store, which then replaces what it derived from the old text (vector-service
 * re-indexes it, profile-service forgets its evidence and extracts it again); the summaries that held the old text
 * are rebuilt. An episode is searchable again, and counted indexed, once vector-service has the correction.
 */
@ApplicationScoped
public class EpisodeCorrection {

    private final EpisodeCorrections corrections;
    private final OutboxRelay relay;
    private final ShortTermSummarizer summarizer;
    private final Set<OutboxTarget> targets;

    EpisodeCorrection(
            EpisodeCorrections corrections,
            OutboxRelay relay,
            ShortTermSummarizer summarizer,
            ProfileClientConfig profile) {
        this.corrections = corrections;
        this.relay = relay;
        this.summarizer = summarizer;
        this.targets = profile.enabled() ? EnumSet.allOf(OutboxTarget.class) : EnumSet.of(OutboxTarget.VECTOR);
    }

    /** Emits the outcome once committed; empty when the user has no such episode. */
    public Uni<Optional<Correction>> correct(String project, String userId, String episodeId, EpisodeChange change) {
        return Panache.withTransaction(() -> corrections
                        .lock(project, userId, episodeId)
                        .chain(found -> found.isEmpty()
                                ? Uni.createFrom().item(Optional.<Correction>empty())
                                : apply(found.get(), change).map(Optional::of)))
                .invoke(outcome -> {
                    if (outcome.isPresent() && outcome.get().changed()) {
                        relay.nudge();
                        summarizer.nudge();
                    }
                });
    }

    private Uni<Correction> apply(StoredEpisode stored, EpisodeChange change) {
        EpisodeDraft after = change.applyTo(stored);
        if (ResentEpisode.sameDraft(ResentEpisode.asDraft(stored), true, after, true)) {
            return Uni.createFrom().item(new Correction(stored, false));
        }
        return corrections.write(stored, after, targets).map(written -> new Correction(written, true));
    }
}
