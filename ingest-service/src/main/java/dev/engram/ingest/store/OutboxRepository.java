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
 * lease) by a statement that skips rows another relay holds, so replicas never deliver the same
 * row at the same time; a relay that dies simply lets its lease run out.
 */
@ApplicationScoped
public class OutboxRepository {

    private static final String CLAIM = """
            update ingest.outbox o
               set next_attempt_at = now() + cast(:leaseMillis as bigint) * interval '1 millisecond'
             where o.id in (select d.id from ingest.outbox d
                             where d.target = :target and d.next_attempt_at <= now()
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
                    return episodes.findByPks(pks).map(found -> new OutboxBatch(ids, found));
                });
    }

    /** Index delivery confirmed: the rows are done and their episodes are searchable. */
    @WithTransaction
    public Uni<Void> completeIndexing(OutboxBatch batch) {
        return Panache.getSession()
                .chain(session -> markIndexed(session, batch.episodePks())
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

    @WithSession
    public Uni<Long> countPending(OutboxTarget target) {
        return Panache.getSession()
                .chain(session -> session.<Number>createNativeQuery(
                                "select count(*) from ingest.outbox where target = :target")
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
