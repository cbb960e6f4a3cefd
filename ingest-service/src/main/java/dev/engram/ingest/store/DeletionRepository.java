package dev.engram.ingest.store;

import dev.engram.ingest.model.DeletionJob;
import dev.engram.ingest.model.DeletionRequest;
import dev.engram.ingest.model.DeletionStatus;
import dev.engram.ingest.model.OutboxTarget;
import dev.engram.ingest.model.PurgeBy;
import dev.engram.ingest.model.PurgeTask;
import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Deletions: the removal of episodes together with the durable record of what the derived stores
 * must still drop (one purge per store, see {@link PurgeRepository}).
 */
@ApplicationScoped
public class DeletionRepository {

    private static final String INSERT = """
            insert into ingest.deletion (id, project, user_id, purge_by, session_id, episodes, completed_at)
            values (:id, :project, :userId, :purgeBy, nullif(cast(:sessionId as text), ''), :episodes,
                    case when :complete then now() end)
            """;

    private final EpisodeRemoval removal;

    private static final String UNDER_WAY = """
            select o.target, cast(max(o.next_attempt_at) as text) from ingest.outbox o
              join ingest.episode e on e.pk = o.episode_pk
             where e.project = :project and e.user_id = :userId
               and (cast(:sessionId as text) = '' or e.session_id = :sessionId)
               and (cast(:episodeId as text) = '' or e.episode_id = :episodeId)
               and o.parked_at is null and o.next_attempt_at > now()
             group by o.target
            """;

    DeletionRepository(EpisodeRemoval removal) {
        this.removal = removal;
    }

    /**
     * In one transaction: removes the episodes and short-term memory the request names, and records
     * the deletion with a purge per store in {@code stores}, leased for {@code lease} to the caller,
     * who purges them at once. A session without episodes needs no purge; a user always does (the
     * stores may hold more than episodes, e.g. manual profile entries). Empty when the request names
     * one episode the user does not have.
     */
    @WithTransaction
    public Uni<Optional<DeletionJob>> record(DeletionRequest request, Set<OutboxTarget> stores, Duration lease) {
        return deliveriesUnderWay(request).chain(underWay -> record(request, stores, lease, underWay));
    }

    /**
     * Per store, until when a delivery of one of the request's episodes may still land there: the end of
     * the lease (or backoff) of their outbox rows that are not due yet. Read before the rows go with the
     * episodes.
     */
    private Uni<Map<OutboxTarget, String>> deliveriesUnderWay(DeletionRequest request) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(UNDER_WAY)
                        .setParameter("project", request.project())
                        .setParameter("userId", request.userId())
                        .setParameter("sessionId", request.sessionId() == null ? "" : request.sessionId())
                        .setParameter("episodeId", request.episodeId() == null ? "" : request.episodeId())
                        .getResultList())
                .map(rows -> {
                    Map<OutboxTarget, String> until = new EnumMap<>(OutboxTarget.class);
                    for (Object[] row : rows) {
                        until.put(OutboxTarget.ofColumn((String) row[0]), (String) row[1]);
                    }
                    return until;
                });
    }

    private Uni<Optional<DeletionJob>> record(
            DeletionRequest request, Set<OutboxTarget> stores, Duration lease, Map<OutboxTarget, String> underWay) {
        String project = request.project();
        String userId = request.userId();
        return switch (request.purgeBy()) {
            case EPISODES ->
                removal.removeOne(project, userId, request.sessionId(), request.episodeId())
                        .chain(removed -> removed.isEmpty()
                                ? Uni.createFrom().item(Optional.<DeletionJob>empty())
                                : insert(
                                                new Job(
                                                        project,
                                                        userId,
                                                        PurgeBy.EPISODES,
                                                        removed.get().sessionId()),
                                                List.of(request.episodeId()),
                                                1,
                                                stores,
                                                lease,
                                                underWay,
                                                removed.get().summaryReset())
                                        .map(Optional::of));
            case SESSION ->
                removal.removeSession(project, userId, request.sessionId())
                        .chain(ids -> insert(
                                new Job(project, userId, PurgeBy.SESSION, request.sessionId()),
                                ids,
                                ids.size(),
                                ids.isEmpty() ? Set.of() : stores,
                                lease,
                                underWay,
                                false))
                        .map(Optional::of);
            case USER ->
                removal.removeUser(project, userId)
                        .chain(count -> insert(
                                new Job(project, userId, PurgeBy.USER, null),
                                List.of(),
                                count,
                                stores,
                                lease,
                                underWay,
                                false))
                        .map(Optional::of);
        };
    }

    /**
     * Called in the transaction that completes an outbox delivery: those of the delivered episodes
     * that no longer exist were deleted while the delivery ran, so the store may hold them again.
     * Records a purge of them from {@code store}, due at once, per user; emits how many.
     */
    public Uni<Integer> recordVanished(OutboxTarget store, List<StoredEpisode> delivered) {
        if (delivered.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(
                                "select e.pk from ingest.episode e where e.pk in (:pks)", Long.class)
                        .setParameter(
                                "pks",
                                delivered.stream().map(episode -> episode.pk).toList())
                        .getResultList())
                .chain(found -> {
                    Set<Long> existing = Set.copyOf(found);
                    Map<Job, List<String>> gone = new LinkedHashMap<>();
                    delivered.stream()
                            .filter(episode -> !existing.contains(episode.pk))
                            .forEach(episode -> gone.computeIfAbsent(
                                            new Job(episode.project, episode.userId, PurgeBy.EPISODES, null),
                                            job -> new ArrayList<>())
                                    .add(episode.episodeId));
                    Uni<Void> recorded = Uni.createFrom().voidItem();
                    for (Map.Entry<Job, List<String>> job : gone.entrySet()) {
                        recorded = recorded.chain(() -> insert(
                                        job.getKey(), job.getValue(), 0, Set.of(store), Duration.ZERO, Map.of(), false)
                                .replaceWithVoid());
                    }
                    return recorded.replaceWith(gone.size());
                });
    }

    /** The deletion with this id in the project; empty when there is none. */
    @WithSession
    public Uni<Optional<DeletionStatus>> find(String project, UUID id) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery("""
                                select d.episodes, p.store from ingest.deletion d
                                  left join ingest.deletion_purge p on p.deletion_id = d.id
                                 where d.id = :id and d.project = :project
                                """)
                        .setParameter("id", id)
                        .setParameter("project", project)
                        .getResultList())
                .map(rows -> rows.isEmpty()
                        ? Optional.empty()
                        : Optional.of(new DeletionStatus(
                                id,
                                ((Number) rows.get(0)[0]).longValue(),
                                rows.stream()
                                        .filter(row -> row[1] != null)
                                        .map(row -> OutboxTarget.ofColumn((String) row[1]))
                                        .sorted(Comparator.naturalOrder())
                                        .toList())));
    }

    /** Deletions with a store still to purge. */
    @WithSession
    public Uni<Long> countIncomplete() {
        return Panache.getSession()
                .chain(session -> session.<Number>createNativeQuery(
                                "select count(*) from ingest.deletion where completed_at is null")
                        .getSingleResult())
                .map(Number::longValue);
    }

    /** Whose deletion, and how its stores are purged; {@code sessionId} is null unless by session. */
    private record Job(String project, String userId, PurgeBy by, String sessionId) {}

    private Uni<DeletionJob> insert(
            Job job,
            List<String> episodeIds,
            long episodes,
            Set<OutboxTarget> stores,
            Duration lease,
            Map<OutboxTarget, String> underWay,
            boolean shortTermChanged) {
        UUID id = UUID.randomUUID();
        List<PurgeTask> purges = stores.stream()
                .sorted()
                .map(store ->
                        new PurgeTask(id, store, job.project(), job.userId(), job.by(), job.sessionId(), episodeIds))
                .toList();
        return Panache.getSession().chain(session -> {
            Uni<Integer> written = session.createNativeQuery(INSERT)
                    .setParameter("id", id)
                    .setParameter("project", job.project())
                    .setParameter("userId", job.userId())
                    .setParameter("purgeBy", job.by().column())
                    .setParameter("sessionId", job.sessionId() == null ? "" : job.sessionId())
                    .setParameter("episodes", episodes)
                    .setParameter("complete", purges.isEmpty())
                    .executeUpdate();
            // The ids are needed only until the stores are purged.
            if (!episodeIds.isEmpty() && !purges.isEmpty()) {
                written = written.chain(() -> session.createNativeQuery("""
                                insert into ingest.deletion_episode (deletion_id, episode_id)
                                select :id, unnest(cast(:ids as text[]))
                                on conflict do nothing
                                """)
                        .setParameter("id", id)
                        .setParameter("ids", episodeIds.toArray(String[]::new))
                        .executeUpdate());
            }
            for (PurgeTask purge : purges) {
                written = written.chain(() -> session.createNativeQuery("""
                                insert into ingest.deletion_purge (deletion_id, store, next_attempt_at, again_at)
                                values (:id, :store, now() + cast(:leaseMillis as bigint) * interval '1 millisecond',
                                        cast(nullif(cast(:againAt as text), '') as timestamptz))
                                """)
                        .setParameter("id", id)
                        .setParameter("store", purge.store().column())
                        .setParameter("leaseMillis", lease.toMillis())
                        .setParameter("againAt", underWay.getOrDefault(purge.store(), ""))
                        .executeUpdate());
            }
            return written.replaceWith(new DeletionJob(id, job.project(), purges, shortTermChanged));
        });
    }
}
