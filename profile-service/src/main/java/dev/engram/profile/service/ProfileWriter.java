package dev.engram.profile.service;

import dev.engram.profile.config.ProfileConfig;
import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.CommandOutcome;
import dev.engram.profile.model.ObservedEpisode;
import dev.engram.profile.model.ProfileCommand;
import dev.engram.profile.model.ProfileSource;
import dev.engram.profile.store.ObservedEpisodeRepository;
import dev.engram.profile.store.ProfileEntryRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes an extracted batch in one transaction: the user's profile is locked, the batch is marked
 * extracted (only if this worker still holds it), the commands are applied to the current profile
 * and the touched tags consolidated. A worker that dies before the commit leaves nothing behind and
 * the batch is redone; one that lost its lease writes nothing. Either way no entry is written twice.
 */
@ApplicationScoped
public class ProfileWriter {

    private final ProfileEntryRepository entries;
    private final ObservedEpisodeRepository observed;
    private final ProfileConfig config;

    ProfileWriter(ProfileEntryRepository entries, ObservedEpisodeRepository observed, ProfileConfig config) {
        this.entries = entries;
        this.observed = observed;
        this.config = config;
    }

    /** Fails with {@link LeaseLostException} (nothing written) when another worker took the batch over. */
    public Uni<CommandOutcome> write(ClaimedBatch batch, List<ProfileCommand> commands, ProfileSource source) {
        Map<String, Instant> timeOf =
                batch.episodes().stream().collect(Collectors.toMap(e -> e.episodeId, e -> e.ts, (a, b) -> a));
        return Panache.withTransaction(() -> entries.lockUser(batch.project(), batch.userId())
                .chain(() -> observed.markExtracted(batch))
                .invoke(held -> {
                    if (!held) {
                        throw new LeaseLostException(batch.project(), batch.userId());
                    }
                })
                .chain(() -> entries.current(batch.project(), batch.userId()))
                .chain(current -> {
                    ProfileChanges changes = new ProfileChanges(
                            batch.project(),
                            batch.userId(),
                            config.category(),
                            config.nearDuplicateThreshold(),
                            current);
                    commands.forEach(command -> changes.apply(command, validFrom(command, timeOf, batch), source));
                    int retired = Consolidation.run(
                            changes.entries(), config.nearDuplicateThreshold(), config.maxEntriesPerTag());
                    CommandOutcome outcome = changes.outcome().plus(new CommandOutcome(0, 0, 0, retired));
                    return changes.created().isEmpty()
                            ? Uni.createFrom().item(outcome)
                            : entries.persist(changes.created().stream()).replaceWith(outcome);
                }));
    }

    /** The time of the earliest episode the command cites: when the fact was first stated. */
    private static Instant validFrom(ProfileCommand command, Map<String, Instant> timeOf, ClaimedBatch batch) {
        return command.evidence().stream()
                .map(timeOf::get)
                .filter(time -> time != null)
                .min(Comparator.naturalOrder())
                .orElseGet(() -> batch.episodes().stream()
                        .map((ObservedEpisode e) -> e.ts)
                        .max(Comparator.naturalOrder())
                        .orElseThrow());
    }
}
