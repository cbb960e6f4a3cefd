package dev.engram.ingest.store;

import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The transactional outbox. Rows are claimed under a lease (their next attempt is pushed past the
 * lease) by a statement that skips rows another relay holds; a relay that dies simply lets its
 * lease run out. Replicas therefore deliver a row at the same time only if a delivery outlives its
 * lease: startup refuses a lease that does not exceed the call deadline, and a relay that delivers
 * claimed rows one by one renews the lease of the rows still waiting before each call.
 * Parked rows are kept but never claimed.
 */
@ApplicationScoped
public class OutboxRepository {

    private static final String CLAIM = """
            update ingest.outbox o
               set next_attempt_at = now() + cast(:leaseMillis as bigint) * interval '1 millisecond'
             where o.id in (select d.id from ingest.outbox d
                             where d.target = :target and d.next_attempt_at <= now()
                               and d.parked_at is null
                             order by d.next_attempt_at, d.id
                             limit :batchSize
                             for update skip locked)
            returning o.id, o.episode_pk
            """;

    private static final String RESCHEDULE = """
            update ingest.outbox
               set attempts = attempts + 1,
                   next_attempt_at = now() + least(cast(:maxMillis as bigint),
                           cast(:initialMillis as bigint) * power(2, least(attempts, 30)))
                       * interval '1 millisecond',
                   last_error = :error
             where id in (:ids)
            """;

    // Like RESCHEDULE, and parks the row once it was refused maxRejections times.
    private static final String REJECT = """
            update ingest.outbox
               set attempts = attempts + 1,
                   rejections = rejections + 1,
                   next_attempt_at = now() + least(cast(:maxMillis as bigint),
                           cast(:initialMillis as bigint) * power(2, least(attempts, 30)))
                       * interval '1 millisecond',
                   last_error = :error,
                   parked_at = case when rejections + 1 >= :maxRejections then now() end
             where id = :id
            returning parked_at is not null
            """;

    // "for key share" holds off deletions of the batch's episodes until it is queued; an episode
    // deleted first is skipped rather than queued with a key that no longer exists.
    private static final String REINDEX = """
            with batch as (
                select e.pk from ingest.episode e
                 where (cast(:project as text) = '' or e.project = :project) and e.pk > :afterPk
                 order by e.pk
                 limit :batchSize
                 for key share
            ), unparked as (
                update ingest.outbox o
                   set parked_at = null, rejections = 0, attempts = 0, next_attempt_at = now(), last_error = null
                 where o.target = 'vector' and o.parked_at is not null and o.episode_pk in (select b.pk from batch b)
                returning o.episode_pk
            ), inserted as (
                insert into ingest.outbox (episode_pk, target)
                select b.pk, 'vector' from batch b
                 where not exists (select 1 from ingest.outbox o where o.episode_pk = b.pk and o.target = 'vector')
                returning episode_pk
            )
            select coalesce((select max(b.pk) from batch b), 0),
                   (select count(distinct q.episode_pk)
                      from (select episode_pk from unparked union all select episode_pk from inserted) q)
            """;

    private final EpisodeRepository episodes;
    private final DeletionRepository deletions;

    OutboxRepository(EpisodeRepository episodes, DeletionRepository deletions) {
        this.episodes = episodes;
        this.deletions = deletions;
    }

    /** Claims up to {@code batchSize} due rows for {@code target} and loads their episodes. */
    @WithTransaction
    public Uni<OutboxBatch> claim(OutboxTarget target, int batchSize, Duration lease) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(CLAIM)
                        .setParameter("target", target.column())
                        .setParameter("leaseMillis", lease.toMillis())
                        .setParameter("batchSize", (long) batchSize)
                        .getResultList())
                .chain(rows -> {
                    List<Long> ids = rows.stream().map(row -> asLong(row[0])).toList();
                    List<Long> pks = rows.stream().map(row -> asLong(row[1])).toList();
                    return episodes.findByPks(pks).map(found -> new OutboxBatch(ids, pks, found));
                });
    }

    /**
     * Delivery confirmed: the rows are done, and when the target makes episodes searchable
     * ({@code markIndexed}) their episodes are marked indexed, in one transaction. Emits how many
     * purges were recorded for delivered episodes that were deleted meanwhile (see {@link
     * DeletionRepository#recordVanished}).
     *
     * <p>A deletion removes an episode's outbox rows with it and then purges the stores, but a
     * delivery already under way carries the episode on and may reach the store after that purge,
     * leaving a deleted episode searchable. Checking here, once the call has returned, closes that
     * gap: a deletion committed before this check is seen, and its episodes are purged again; one that
     * commits after it purges the stores only then, when this delivery has already landed. Left open
     * is a relay that dies between the call and this transaction.
     */
    @WithTransaction
    public Uni<Integer> complete(OutboxBatch batch, OutboxTarget target, boolean markIndexed) {
        return Panache.getSession()
                .chain(session -> (markIndexed
                                ? markIndexed(session, batch.episodes())
                                : Uni.createFrom().item(0))
                        .chain(() -> session.createNativeQuery("delete from ingest.outbox where id in (:ids)")
                                .setParameter("ids", batch.outboxIds())
                                .executeUpdate()))
                .chain(() -> deletions.recordVanished(target, batch.episodes()));
    }

    /**
     * Delivery failed: try again after an exponentially growing, capped delay. A call that timed out
     * may still land, so delivered episodes deleted meanwhile are purged as in {@link #complete}; emits
     * how many purges that recorded.
     */
    @WithTransaction
    public Uni<Integer> reschedule(
            OutboxBatch batch, OutboxTarget target, String error, Duration initialBackoff, Duration maxBackoff) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(RESCHEDULE)
                        .setParameter("ids", batch.outboxIds())
                        .setParameter("error", error)
                        .setParameter("initialMillis", initialBackoff.toMillis())
                        .setParameter("maxMillis", maxBackoff.toMillis())
                        .executeUpdate())
                .chain(() -> deletions.recordVanished(target, batch.episodes()));
    }

    /**
     * The target refused this row on its own: retry after a backoff, or park the row once it has
     * been refused {@code maxRejections} times. Emits whether the row is now parked.
     */
    @WithTransaction
    public Uni<Boolean> reject(long id, String error, Duration initialBackoff, Duration maxBackoff, int maxRejections) {
        return Panache.getSession()
                .chain(session -> session.<Boolean>createNativeQuery(REJECT)
                        .setParameter("id", id)
                        .setParameter("error", error)
                        .setParameter("initialMillis", initialBackoff.toMillis())
                        .setParameter("maxMillis", maxBackoff.toMillis())
                        .setParameter("maxRejections", maxRejections)
                        .getResultList())
                .map(parked -> !parked.isEmpty() && Boolean.TRUE.equals(parked.get(0)));
    }

    /** Keeps claimed rows hidden from other relays for another {@code lease}, from now. */
    @WithTransaction
    public Uni<Void> renewLease(List<Long> ids, Duration lease) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery("""
                                update ingest.outbox
                                   set next_attempt_at = now() + cast(:leaseMillis as bigint) * interval '1 millisecond'
                                 where id in (:ids)
                                """)
                        .setParameter("ids", ids)
                        .setParameter("leaseMillis", lease.toMillis())
                        .executeUpdate())
                .replaceWithVoid();
    }

    /**
     * Queues for vector-service the next {@code batchSize} episodes after key {@code afterPk}, of the
     * project or of all projects (empty {@code project}), in one transaction: episodes without a vector
     * row get one, and parked rows are given their attempts back (a reindex is the replay they wait
     * for); episodes whose row is still being delivered are left alone. Their {@code indexed_at} is
     * kept: vector-service keeps searching the index it has while the new one is written.
     */
    @WithTransaction
    public Uni<ReindexBatch> queueForReindex(String project, long afterPk, int batchSize) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(REINDEX)
                        .setParameter("project", project)
                        .setParameter("afterPk", afterPk)
                        .setParameter("batchSize", (long) batchSize)
                        .getSingleResult())
                .map(row -> new ReindexBatch(asLong(row[0]), asLong(row[1])));
    }

    /** One batch of a reindex: the largest episode key it covered (0: none left) and the episodes it queued. */
    public record ReindexBatch(long lastPk, long queued) {}

    /** Rows the relay still tries to deliver (parked rows excluded). */
    @WithSession
    public Uni<Long> countPending(OutboxTarget target) {
        return count("select count(*) from ingest.outbox where target = :target and parked_at is null", target);
    }

    /**
     * Seconds the oldest row still to be delivered has waited (0 when none waits): how far the target lags
     * behind what was accepted.
     */
    @WithSession
    public Uni<Long> oldestPendingAgeSeconds(OutboxTarget target) {
        return count(
                "select coalesce(extract(epoch from now() - min(created_at)), 0)::bigint from ingest.outbox"
                        + " where target = :target and parked_at is null",
                target);
    }

    /** Rows the relay gave up on; they wait for an operator. */
    @WithSession
    public Uni<Long> countParked(OutboxTarget target) {
        return count("select count(*) from ingest.outbox where target = :target and parked_at is not null", target);
    }

    private static Uni<Long> count(String sql, OutboxTarget target) {
        return Panache.getSession()
                .chain(session -> session.<Number>createNativeQuery(sql)
                        .setParameter("target", target.column())
                        .getSingleResult())
                .map(Number::longValue);
    }

    /**
     * Marks the delivered revision of each episode indexed, and only that one: an episode corrected while its
     * delivery ran has a newer revision (read again after the correction's row lock is released), so it stays
     * pending until the corrected text is delivered too.
     */
    private static Uni<Integer> markIndexed(Mutiny.Session session, List<StoredEpisode> delivered) {
        if (delivered.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        List<Long> pks = delivered.stream().map(episode -> episode.pk).toList();
        List<String> revisions = delivered.stream()
                .map(episode -> episode.pk + ":" + episode.revision)
                .toList();
        return session.createNativeQuery("""
                        update ingest.episode e set indexed_at = now()
                         where e.pk in (:pks) and e.pk || ':' || e.revision in (:revisions)
                        """)
                .setParameter("pks", pks)
                .setParameter("revisions", revisions)
                .executeUpdate();
    }

    private static long asLong(Object column) {
        return ((Number) column).longValue();
    }
}
