package dev.engram.profile.store;

import dev.engram.profile.model.ClaimedBatch;
import dev.engram.profile.model.ObservedEpisode;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The extraction queue. A claim picks, among the oldest waiting episodes, the user whose waiting episodes are due
 * (enough of them, the oldest waited long enough, or one of them is a correction, which someone is waiting to see)
 * and leases that user's waiting rows with "for update skip locked", so concurrent workers never take the same row;
 * a row whose lease ran out is due again. Looking only at the oldest keeps a claim's cost flat under a backlog of any
 * size, and misses nothing for long: the oldest waiting episodes are always in view, and once they have waited
 * {@code max-wait} their user is due, so the view moves on.
 */
@ApplicationScoped
public class ObservedEpisodeRepository implements PanacheRepositoryBase<ObservedEpisode, Long> {

    // "on conflict do nothing": a re-delivered episode, waiting or already extracted, is not queued twice.
    private static final String OBSERVE = """
            insert into profile.observed_episode (project, user_id, episode_id, session_id, producer,
                                                  produced_for, content, ts, revision)
            values (:project, :userId, :episodeId, :sessionId, :producer, :producedFor, :content, :ts, :revision)
            on conflict (project, user_id, episode_id) do nothing
            """;

    private static final String CLAIM = """
            with waiting as (
                select project, user_id, received_at, revision from profile.observed_episode
                 where processed_at is null and (claimed_until is null or claimed_until < now())
                 order by received_at
                 limit :window),
            due as (
                select project, user_id from waiting
                 group by project, user_id
                having count(*) >= :batchSize
                    or min(received_at) <= now() - cast(:maxWaitMillis as bigint) * interval '1 millisecond'
                    or bool_or(revision > 0)
                 order by min(received_at)
                 limit 1)
            update profile.observed_episode o
               set claim_token = :token,
                   claimed_until = now() + cast(:leaseMillis as bigint) * interval '1 millisecond',
                   attempts = o.attempts + 1
             where o.id in (select w.id from profile.observed_episode w
                             join due on w.project = due.project and w.user_id = due.user_id
                            where w.processed_at is null
                              and (w.claimed_until is null or w.claimed_until < now())
                            order by w.ts, w.id
                            limit :maxBatch
                            for update of w skip locked)
            returning o.id
            """;

    private static final String MARK_EXTRACTED = """
            update profile.observed_episode
               set processed_at = now(), content = null, claim_token = null, claimed_until = null
             where id in (:ids) and claim_token = :token and processed_at is null
            """;

    /** Queues each episode unless it was delivered before; emits how many were new. */
    public Uni<Integer> observe(ObservedEpisode episode) {
        return getSession()
                .chain(session -> session.createNativeQuery(OBSERVE)
                        .setParameter("project", episode.project)
                        .setParameter("userId", episode.userId)
                        .setParameter("episodeId", episode.episodeId)
                        .setParameter("sessionId", episode.sessionId)
                        .setParameter("producer", episode.producer)
                        .setParameter("producedFor", episode.producedFor)
                        .setParameter("content", episode.content)
                        .setParameter("ts", episode.ts.atOffset(ZoneOffset.UTC))
                        .setParameter("revision", episode.revision)
                        .executeUpdate());
    }

    /** The revision of the episode as last observed; empty when it was not observed, or was forgotten since. */
    public Uni<Optional<Integer>> observedRevision(String project, String userId, String episodeId) {
        return find("project = ?1 and userId = ?2 and episodeId = ?3", project, userId, episodeId)
                .firstResult()
                .map(found -> Optional.ofNullable(found).map(episode -> episode.revision));
    }

    /**
     * Claims the due episodes of one user, if any user has due episodes. Call in a transaction.
     *
     * @param window how many of the oldest waiting episodes are looked at to find a due user, so that a claim
     *     costs the same whatever the backlog (the episodes of the chosen user are claimed whole, up to {@code
     *     maxBatch}, beyond it too)
     */
    public Uni<Optional<ClaimedBatch>> claim(
            int batchSize, Duration maxWait, int maxBatch, Duration lease, int window) {
        String token = UUID.randomUUID().toString();
        return getSession()
                .chain(session -> session.createNativeQuery(CLAIM, Long.class)
                        .setParameter("batchSize", (long) batchSize)
                        .setParameter("maxWaitMillis", maxWait.toMillis())
                        .setParameter("maxBatch", (long) maxBatch)
                        .setParameter("window", (long) window)
                        .setParameter("leaseMillis", lease.toMillis())
                        .setParameter("token", token)
                        .getResultList())
                .chain(ids -> ids.isEmpty()
                        ? Uni.createFrom().item(Optional.<ClaimedBatch>empty())
                        : list("id in ?1 order by ts, id", ids).map(rows -> Optional.of(batch(token, rows))));
    }

    /**
     * Records the batch as extracted, if {@code batch}'s worker still holds every row. Emits false
     * when another worker has taken the batch over (the lease ran out): the caller must then roll
     * its transaction back. Call in the transaction that writes the batch's entries.
     */
    public Uni<Boolean> markExtracted(ClaimedBatch batch) {
        return getSession()
                .chain(session -> session.createNativeQuery(MARK_EXTRACTED)
                        .setParameter("ids", batch.ids())
                        .setParameter("token", batch.token())
                        .executeUpdate())
                .map(updated -> updated == batch.episodes().size());
    }

    /** Forgets deleted episodes, waiting or extracted. */
    public Uni<Long> forget(String project, String userId, List<String> episodeIds) {
        return delete("project = ?1 and userId = ?2 and episodeId in ?3", project, userId, episodeIds);
    }

    /**
     * Forgets every episode of the user, waiting, claimed or extracted; a worker holding some of them then
     * fails to record its batch and writes nothing.
     */
    public Uni<Long> forgetUser(String project, String userId) {
        return delete("project = ?1 and userId = ?2", project, userId);
    }

    /** Episodes of the user that wait for extraction (claimed or not). */
    public Uni<Long> countWaiting(String project, String userId) {
        return count("project = ?1 and userId = ?2 and processedAt is null", project, userId);
    }

    /** Episodes of every user still waiting for extraction, claimed or not. */
    public Uni<Long> countBacklog() {
        return count("processedAt is null");
    }

    /** Seconds the oldest episode still waiting for extraction has waited; 0 when none waits. */
    public Uni<Long> oldestBacklogAgeSeconds() {
        return getSession()
                .chain(session -> session.<Number>createNativeQuery(
                                "select coalesce(extract(epoch from now() - min(received_at)), 0)::bigint"
                                        + " from profile.observed_episode where processed_at is null")
                        .getSingleResult())
                .map(Number::longValue);
    }

    private static ClaimedBatch batch(String token, List<ObservedEpisode> rows) {
        ObservedEpisode first = rows.get(0);
        return new ClaimedBatch(first.project, first.userId, token, rows);
    }
}
