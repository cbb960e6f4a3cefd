package dev.engram.ingest.deletion;

import dev.engram.ingest.client.ProfileForgetClient;
import dev.engram.ingest.client.VectorIndexClient;
import dev.engram.ingest.config.DeletionConfig;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.PurgeBy;
import dev.engram.ingest.model.PurgeTask;
import dev.engram.ingest.store.PurgeRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Purges a derived store of what a deletion removed, and records the outcome: done, or due again
 * after a backoff. vector-service drops the episode ids, else the session, else the user;
 * profile-service forgets the episode ids (a session's too), or the whole user.
 */
@ApplicationScoped
public class Purges {

    private static final Logger LOG = Logger.getLogger(Purges.class);
    private static final int MAX_ERROR_LENGTH = 1000;

    private final VectorIndexClient vector;
    private final ProfileForgetClient profile;
    private final PurgeRepository purges;
    private final DeletionConfig config;
    // An outage fails every purge; only its start and its end are worth a log line each.
    private final Map<OutboxTarget, AtomicBoolean> failing = new EnumMap<>(OutboxTarget.class);

    Purges(VectorIndexClient vector, ProfileForgetClient profile, PurgeRepository purges, DeletionConfig config) {
        this.vector = vector;
        this.profile = profile;
        this.purges = purges;
        this.config = config;
        for (OutboxTarget store : OutboxTarget.values()) {
            failing.put(store, new AtomicBoolean());
        }
    }

    /** Purges the store and records the outcome; emits whether the store is done. */
    public Uni<Boolean> run(PurgeTask task) {
        return call(task).onItemOrFailure().transformToUni((ignored, failure) -> record(task, failure));
    }

    /**
     * Purges the stores of one deletion at the same time; the outcomes are then recorded one after the
     * other, since they share the caller's Hibernate session.
     */
    public Uni<Void> runAll(List<PurgeTask> tasks) {
        if (tasks.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Uni<Outcome>> calls = tasks.stream()
                .map(task -> call(task).onItemOrFailure().transform((ignored, failure) -> new Outcome(task, failure)))
                .toList();
        return Uni.join().all(calls).andFailFast().chain(outcomes -> {
            Uni<Boolean> recorded = Uni.createFrom().item(true);
            for (Outcome outcome : outcomes) {
                recorded = recorded.chain(() -> record(outcome.task(), outcome.failure()));
            }
            return recorded.replaceWithVoid();
        });
    }

    private Uni<Void> call(PurgeTask task) {
        return Uni.createFrom().deferred(() -> switch (task.store()) {
            case VECTOR ->
                vector.delete(
                        task.project(),
                        task.userId(),
                        task.by() == PurgeBy.SESSION ? task.sessionId() : null,
                        task.byIds() ? task.episodeIds() : List.of());
            case PROFILE ->
                task.by() == PurgeBy.USER
                        ? profile.forgetUser(task.project(), task.userId())
                        : profile.forgetEpisodes(task.project(), task.userId(), task.episodeIds());
        });
    }

    private Uni<Boolean> record(PurgeTask task, Throwable failure) {
        AtomicBoolean storeFailing = failing.get(task.store());
        if (failure == null) {
            if (storeFailing.compareAndSet(true, false)) {
                LOG.infof("deletions purge %s again", task.store().column());
            }
            return purges.complete(task).replaceWith(true);
        }
        String error = describe(failure);
        if (storeFailing.compareAndSet(false, true)) {
            LOG.warnf(
                    "deletion %s not purged from %s: %s; retrying with backoff (repeats are logged at DEBUG)",
                    task.deletionId(), task.store().column(), error);
        } else {
            LOG.debugf(
                    "deletion %s not purged from %s: %s",
                    task.deletionId(), task.store().column(), error);
        }
        return purges.reschedule(task, error, config.initialBackoff(), config.maxBackoff())
                .replaceWith(false);
    }

    private static String describe(Throwable failure) {
        String text = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }

    private record Outcome(PurgeTask task, Throwable failure) {}
}
