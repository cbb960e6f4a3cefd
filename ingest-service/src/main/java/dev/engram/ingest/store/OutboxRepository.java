package dev.engram.ingest.store;

import dev.engram.ingest.model.OutboxBatch;
import dev.engram.ingest.model.OutboxTarget;
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

    private final EpisodeRepository episodes;

    OutboxRepository(EpisodeRepository episodes) {
        this.episodes = episodes;
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
     * ({@code markIndexed}) their episodes are marked indexed, in one transaction.
     */
    @WithTransaction
    public Uni<Void> complete(OutboxBatch batch, boolean markIndexed) {
        return Panache.getSession()
                .chain(session -> (markIndexed
                                ? markIndexed(session, batch.episodePks())
                                : Uni.createFrom().item(0))
                        .chain(() -> session.createNativeQuery("delete from ingest.outbox where id in (:ids)")
                                .setParameter("ids", batch.outboxIds())
                                .executeUpdate()))
                .replaceWithVoid();
    }

    /** Delivery failed: try again after an exponentially growing, capped delay. */
    @WithTransaction
    public Uni<Void> reschedule(List<Long> ids, String error, Duration initialBackoff, Duration maxBackoff) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(RESCHEDULE)
                        .setParameter("ids", ids)
                        .setParameter("error", error)
                        .setParameter("initialMillis", initialBackoff.toMillis())
                        .setParameter("maxMillis", maxBackoff.toMillis())
                        .executeUpdate())
                .replaceWithVoid();
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

    /** Rows the relay still tries to deliver (parked rows excluded). */
    @WithSession
    public Uni<Long> countPending(OutboxTarget target) {
        return count("select count(*) from ingest.outbox where target = :target and parked_at is null", target);
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

    private static Uni<Integer> markIndexed(Mutiny.Session session, List<Long> pks) {
        if (pks.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return session.createNativeQuery("update ingest.episode set indexed_at = now() where pk in (:pks)")
                .setParameter("pks", pks)
                .executeUpdate();
    }

    private static long asLong(Object column) {
        return ((Number) column).longValue();
    }
}
