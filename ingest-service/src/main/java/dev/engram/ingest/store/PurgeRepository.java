package dev.engram.ingest.store;

import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.PurgeBy;
import dev.engram.ingest.model.PurgeTask;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The purges deletions still owe the derived stores, claimed like outbox rows: a claim leases due
 * rows (their next attempt is pushed past the lease) with "for update skip locked", so replicas
 * never purge the same row at once unless a purge outlives its lease, which is harmless since every
 * purge is idempotent.
 */
@ApplicationScoped
public class PurgeRepository {

    private static final String CLAIM = """
            update ingest.deletion_purge p
               set next_attempt_at = now() + cast(:leaseMillis as bigint) * interval '1 millisecond'
              from ingest.deletion d
             where d.id = p.deletion_id
               and (p.deletion_id, p.store) in (select c.deletion_id, c.store from ingest.deletion_purge c
                                                 where c.next_attempt_at <= now()
                                                 order by c.next_attempt_at
                                                 limit :batchSize
                                                 for update skip locked)
            returning p.deletion_id, p.store, d.project, d.user_id, d.purge_by, d.session_id
            """;

    private static final String RESCHEDULE = """
            update ingest.deletion_purge
               set attempts = attempts + 1,
                   next_attempt_at = now() + least(cast(:maxMillis as bigint),
                           cast(:initialMillis as bigint) * power(2, least(attempts, 30)))
                       * interval '1 millisecond',
                   last_error = :error
             where deletion_id = :id and store = :store
            """;

    // The last purge of a deletion completes it; the ids it kept are no longer needed.
    private static final String FINISH = """
            with done as (
                update ingest.deletion d set completed_at = now()
                 where d.id = :id and d.completed_at is null
                   and not exists (select 1 from ingest.deletion_purge p where p.deletion_id = d.id)
                returning d.id
            )
            delete from ingest.deletion_episode x using done where x.deletion_id = done.id
            """;

    // A delivery of a deleted episode may land until again_at: the purge stays, to be done once more then.
    private static final String AGAIN = """
            update ingest.deletion_purge
               set next_attempt_at = again_at, again_at = null
             where deletion_id = :id and store = :store and again_at > now()
            """;

    /** Claims up to {@code batchSize} due purges, with the episode ids each must drop. */
    @WithTransaction
    public Uni<List<PurgeTask>> claim(int batchSize, Duration lease) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(CLAIM)
                        .setParameter("leaseMillis", lease.toMillis())
                        .setParameter("batchSize", (long) batchSize)
                        .getResultList()
                        .chain(rows -> rows.isEmpty()
                                ? Uni.createFrom().item(List.<PurgeTask>of())
                                : episodeIds(session, rows).map(ids -> tasks(rows, ids))));
    }

    /**
     * The store is purged: the purge is removed (and the deletion completed when it was the last),
     * and every episode that exists now within what was purged is queued for the store again. Such
     * episodes were added after the deletion (an id used again, a session or user written to again);
     * a purge by scope, or by an id used again, may have removed them from the store, and queueing
     * them after the purge returned puts them back whatever order the calls reached the store in.
     * Emits false when the purge was no longer there (another relay finished it).
     */
    @WithTransaction
    public Uni<Boolean> complete(PurgeTask task) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(
                                "select id from ingest.deletion where id = :id for update", UUID.class)
                        // Serializes the completions of a deletion's purges, so the last one sees it is last.
                        .setParameter("id", task.deletionId())
                        .getResultList()
                        .chain(() -> session.createNativeQuery(AGAIN)
                                .setParameter("id", task.deletionId())
                                .setParameter("store", task.store().column())
                                .executeUpdate())
                        .chain(deferred -> deferred > 0
                                ? Uni.createFrom().item(0)
                                : session.createNativeQuery(
                                                "delete from ingest.deletion_purge where deletion_id = :id and store = :store")
                                        .setParameter("id", task.deletionId())
                                        .setParameter("store", task.store().column())
                                        .executeUpdate())
                        .chain(removed -> removed == 0
                                ? Uni.createFrom().item(false)
                                : requeue(session, task)
                                        .chain(() -> session.createNativeQuery(FINISH)
                                                .setParameter("id", task.deletionId())
                                                .executeUpdate())
                                        .replaceWith(true)));
    }

    /** The purge failed: try again after an exponentially growing, capped delay. */
    @WithTransaction
    public Uni<Void> reschedule(PurgeTask task, String error, Duration initialBackoff, Duration maxBackoff) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(RESCHEDULE)
                        .setParameter("id", task.deletionId())
                        .setParameter("store", task.store().column())
                        .setParameter("error", error)
                        .setParameter("initialMillis", initialBackoff.toMillis())
                        .setParameter("maxMillis", maxBackoff.toMillis())
                        .executeUpdate())
                .replaceWithVoid();
    }

    /**
     * Queues the episodes now within what {@code task} purged for its store; vector's as not indexed.
     * The rows are locked as they are read (by the update, or "for key share"), so an episode being
     * deleted meanwhile is skipped rather than queued with a key that no longer exists.
     */
    private static Uni<Integer> requeue(Mutiny.Session session, PurgeTask task) {
        String within = "e.project = :project and e.user_id = :userId";
        if (task.byIds()) {
            within += " and e.episode_id in (select x.episode_id from ingest.deletion_episode x"
                    + " where x.deletion_id = :id)";
        } else if (task.by() == PurgeBy.SESSION) {
            within += " and e.session_id = :sessionId";
        }
        String sql = task.store() == OutboxTarget.VECTOR
                ? "with requeued as (update ingest.episode e set indexed_at = null where " + within
                        + " returning e.pk) insert into ingest.outbox (episode_pk, target)"
                        + " select r.pk, :store from requeued r"
                : "insert into ingest.outbox (episode_pk, target) select e.pk, :store from ingest.episode e where "
                        + within + " for key share";
        Mutiny.Query<Object> statement = session.createNativeQuery(sql)
                .setParameter("project", task.project())
                .setParameter("userId", task.userId())
                .setParameter("store", task.store().column());
        if (task.byIds()) {
            statement.setParameter("id", task.deletionId());
        } else if (task.by() == PurgeBy.SESSION) {
            statement.setParameter("sessionId", task.sessionId());
        }
        return statement.executeUpdate();
    }

    private static Uni<Map<UUID, List<String>>> episodeIds(Mutiny.Session session, List<Object[]> rows) {
        List<UUID> deletions =
                rows.stream().map(row -> (UUID) row[0]).distinct().toList();
        return session.<Object[]>createNativeQuery("""
                        select x.deletion_id, x.episode_id from ingest.deletion_episode x
                         where x.deletion_id in (:ids)
                         order by x.deletion_id, x.episode_id
                        """)
                .setParameter("ids", deletions)
                .getResultList()
                .map(found -> {
                    Map<UUID, List<String>> ids = new HashMap<>();
                    found.forEach(row -> ids.computeIfAbsent((UUID) row[0], id -> new ArrayList<>())
                            .add((String) row[1]));
                    return ids;
                });
    }

    private static List<PurgeTask> tasks(List<Object[]> rows, Map<UUID, List<String>> ids) {
        return rows.stream()
                .map(row -> new PurgeTask(
                        (UUID) row[0],
                        OutboxTarget.ofColumn((String) row[1]),
                        (String) row[2],
                        (String) row[3],
                        PurgeBy.ofColumn((String) row[4]),
                        (String) row[5],
                        ids.getOrDefault((UUID) row[0], List.of())))
                .toList();
    }
}
