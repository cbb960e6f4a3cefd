package dev.engram.ingest.ingestion;

import dev.engram.ingest.config.ProfileClientConfig;
import dev.engram.ingest.model.AddOutcome;
import dev.engram.ingest.model.EpisodeDraft;
import dev.engram.ingest.model.EpisodeIdConflict;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.outbox.OutboxRelay;
import dev.engram.ingest.shortterm.ShortTermSummarizer;
import dev.engram.ingest.store.EpisodeRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Accepts episodes: assigns missing ids and timestamps, stores each id once per user. */
@ApplicationScoped
public class EpisodeIngestion {

    private final EpisodeRepository episodes;
    private final OutboxRelay relay;
    private final ShortTermSummarizer summarizer;
    // Where every new episode is queued, in the transaction that stores it.
    private final Set<OutboxTarget> targets;

    EpisodeIngestion(
            EpisodeRepository episodes,
            OutboxRelay relay,
            ShortTermSummarizer summarizer,
            ProfileClientConfig profile) {
        this.episodes = episodes;
        this.targets = profile.enabled() ? EnumSet.allOf(OutboxTarget.class) : EnumSet.of(OutboxTarget.VECTOR);
        this.relay = relay;
        this.summarizer = summarizer;
    }

    /**
     * Stores the episodes, queues them for indexing and profile extraction, marks the session's short-term memory due,
     * in one transaction; emits after the commit, so every CREATED outcome is durable. Outcomes follow the request
     * order; an id the user already has, or repeated earlier in the request, is a duplicate when the episode is the
     * same ({@link ResentEpisode}). When it is not, the request fails with {@link EpisodeIdConflict} and nothing of it
     * is stored.
     */
    public Uni<List<AddOutcome>> add(EpisodeScope scope, List<EpisodeDraft> drafts) {
        List<Pending> pending = resolve(drafts);
        List<String> repeatedDifferently = repeatedDifferently(pending);
        if (!repeatedDifferently.isEmpty()) {
            return Uni.createFrom().failure(EpisodeIdConflict.repeated(repeatedDifferently));
        }
        List<Pending> toStore =
                pending.stream().filter(item -> !item.repeated()).toList();
        Set<String> timed = toStore.stream()
                .filter(Pending::timestampGiven)
                .map(item -> item.episode().id())
                .collect(Collectors.toSet());
        return episodes.insertAllIfAbsent(
                        scope,
                        toStore.stream().map(Pending::episode).toList(),
                        targets,
                        (episode, stored) ->
                                ResentEpisode.matches(scope, episode, timed.contains(episode.id()), stored))
                .map(stored -> outcomes(pending, stored))
                .invoke(outcomes -> {
                    if (outcomes.stream().anyMatch(AddOutcome::created)) {
                        // Index and summarize now rather than at the next tick; the ticks still retry.
                        relay.nudge();
                        summarizer.nudge();
                    }
                });
    }

    /** Ids given twice in one request for two different episodes, in request order. */
    private static List<String> repeatedDifferently(List<Pending> pending) {
        Map<String, Pending> first = new HashMap<>();
        List<String> conflicts = new ArrayList<>();
        for (Pending item : pending) {
            Pending earlier = first.putIfAbsent(item.episode().id(), item);
            if (earlier != null
                    && !ResentEpisode.sameDraft(
                            earlier.episode(), earlier.timestampGiven(), item.episode(), item.timestampGiven())
                    && !conflicts.contains(item.episode().id())) {
                conflicts.add(item.episode().id());
            }
        }
        return conflicts;
    }

    private static List<Pending> resolve(List<EpisodeDraft> drafts) {
        Instant arrival = Instant.now();
        Set<String> seen = new HashSet<>();
        List<Pending> pending = new ArrayList<>(drafts.size());
        for (EpisodeDraft draft : drafts) {
            String id = draft.id() != null ? draft.id() : UUID.randomUUID().toString();
            // PostgreSQL keeps microseconds; truncating here makes the stored time the one decided.
            Instant timestamp =
                    (draft.timestamp() != null ? draft.timestamp() : arrival).truncatedTo(ChronoUnit.MICROS);
            pending.add(new Pending(draft.resolve(id, timestamp), !seen.add(id), draft.timestamp() != null));
        }
        return pending;
    }

    /** {@code stored} holds one flag per non-repeated item, in order. */
    private static List<AddOutcome> outcomes(List<Pending> pending, List<Boolean> stored) {
        Iterator<Boolean> created = stored.iterator();
        return pending.stream()
                .map(item -> {
                    String id = item.episode().id();
                    return !item.repeated() && created.next() ? AddOutcome.created(id) : AddOutcome.duplicate(id);
                })
                .toList();
    }

    private record Pending(EpisodeDraft episode, boolean repeated, boolean timestampGiven) {}
}
