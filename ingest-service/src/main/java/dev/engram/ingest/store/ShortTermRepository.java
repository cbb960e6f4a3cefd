package dev.engram.ingest.store;

import dev.engram.ingest.model.Coverage;
import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.SessionPosition;
import dev.engram.ingest.model.ShortTermClaim;
import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.model.ShortTermState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Short-term memory rows, claimed like outbox rows: a claim leases due rows with "for update skip
 * locked", so concurrent summarizers (replicas) never share one, and a summarizer that dies simply
 * lets its lease run out. Completing a round checks that the lease is still its own.
 */
@ApplicationScoped
public class ShortTermRepository {

    private static final String MARK_CHANGED = """
            insert into ingest.short_term (project, user_id, session_id, agent_key)
            values (:project, :userId, :sessionId, :agentKey)
            on conflict (project, user_id, session_id, agent_key)
            do update set changes = ingest.short_term.changes + 1
            """;

    private static final String CLAIM = """
            update ingest.short_term s
               set lease_token = :token,
                   leased_until = now() + cast(:leaseMillis as bigint) * interval '1 millisecond'
             where s.id in (select d.id from ingest.short_term d
                             where d.changes > d.handled_changes
                               and (d.leased_until is null or d.leased_until <= now())
                             order by d.id
                             limit :batchSize
                             for update skip locked)
            returning s.id, s.project, s.user_id, s.session_id, s.agent_key, s.changes
            """;

    private static final String COMPLETE = """
            update ingest.short_term
               set summary = :summary,
                   summary_writer = coalesce(cast(:writer as text), summary_writer),
                   summarized_at = case when cast(:writer as text) is null then summarized_at else now() end,
                   summarized_episodes = :episodes,
                   through_ts = :throughTs,
                   through_pk = :throughPk,
                   covered_max_pk = :maxPk,
                   handled_changes = case when :caughtUp then :changes else handled_changes end,
                   lease_token = null,
                   leased_until = null
             where id = :id and lease_token = :token
            """;

    // A summary that covers a deleted episode starts over (due, so it is rebuilt from what is left),
    // and so does one a summarizer is working on (lease_token set, even past its lease): that round
    // may have read the episode, and clearing the lease makes it drop its result (see COMPLETE).
    private static final String RESET = """
            update ingest.short_term
               set summary = '', summarized_episodes = 0, through_ts = '1970-01-01T00:00:00Z',
                   through_pk = 0, covered_max_pk = 0, changes = changes + 1,
                   lease_token = null, leased_until = null, summarized_at = null, summary_writer = null
             where project = :project and user_id = :userId and session_id = :sessionId
               and agent_key in ('', :agentKey)
               and (lease_token is not null
                    or (covered_max_pk >= :pk and (through_ts, through_pk) >= (:ts, :pk)))
            """;

    /**
     * Marks the session's short-term memories as changed, creating them on first use: the whole
     * session's, then the agent's. Runs first in the transaction that adds episodes, so the row lock
     * it takes on the whole session's row is held while episode keys are drawn (see {@link
     * #lockSession}). Needs a transaction.
     */
    public Uni<Void> markChanged(EpisodeScope scope) {
        ShortTermKey session = new ShortTermKey(scope.project(), scope.userId(), scope.sessionId(), "");
        Uni<Integer> whole = upsert(session);
        if (scope.agentId() == null) {
            return whole.replaceWithVoid();
        }
        return whole.chain(() ->
                        upsert(new ShortTermKey(scope.project(), scope.userId(), scope.sessionId(), scope.agentId())))
                .replaceWithVoid();
    }

    private static Uni<Integer> upsert(ShortTermKey key) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(MARK_CHANGED)
                        .setParameter("project", key.project())
                        .setParameter("userId", key.userId())
                        .setParameter("sessionId", key.sessionId())
                        .setParameter("agentKey", key.agentKey())
                        .executeUpdate());
    }

    /**
     * Waits for transactions that are adding episodes to the session, and keeps new ones out until
     * this transaction ends. Afterwards every episode key below the largest one visible belongs to a
     * visible episode, which is what {@link Coverage} relies on. Needs a transaction.
     */
    public Uni<Void> lockSession(ShortTermKey key) {
        ShortTermKey session = key.wholeSession();
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("""
                                select id from ingest.short_term
                                 where project = :project and user_id = :userId and session_id = :sessionId
                                   and agent_key = ''
                                for share
                                """)
                        .setParameter("project", session.project())
                        .setParameter("userId", session.userId())
                        .setParameter("sessionId", session.sessionId())
                        .getResultList())
                .replaceWithVoid();
    }

    /**
     * Waits for transactions that are adding episodes to the user's sessions (all of them, or the one
     * named), and holds further adds to those sessions until this transaction ends, so a deletion
     * that takes these locks first sees every add either whole or not at all. (A session first written
     * meanwhile has no row to lock yet; its add is atomic all the same.) Needs a transaction.
     */
    public Uni<Void> lockSessions(String project, String userId, String sessionId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("""
                                select id from ingest.short_term
                                 where project = :project and user_id = :userId and agent_key = ''
                                   and (cast(:sessionId as text) = '' or session_id = :sessionId)
                                 order by id
                                for update
                                """)
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("sessionId", sessionId == null ? "" : sessionId)
                        .getResultList())
                .replaceWithVoid();
    }

    /**
     * Drops the short-term memories of the user's sessions (all of them, or the one named), summaries
     * included. A summarizer working on one finds its row gone and stores nothing. Needs a transaction.
     */
    public Uni<Integer> drop(String project, String userId, String sessionId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery("""
                                delete from ingest.short_term
                                 where project = :project and user_id = :userId
                                   and (cast(:sessionId as text) = '' or session_id = :sessionId)
                                """)
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("sessionId", sessionId == null ? "" : sessionId)
                        .executeUpdate());
    }

    /**
     * An episode of the session was deleted: every memory of the session whose summary may hold its
     * text (the whole session's, and its agent's) is reset and due again. Emits how many were reset.
     * Needs a transaction.
     */
    public Uni<Integer> resetCovering(
            String project, String userId, String sessionId, String agentId, SessionPosition at) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(RESET)
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("sessionId", sessionId)
                        .setParameter("agentKey", agentId == null ? "" : agentId)
                        .setParameter("ts", at.ts().atOffset(ZoneOffset.UTC))
                        .setParameter("pk", at.pk())
                        .executeUpdate());
    }

    /** Leases up to {@code batchSize} due rows to the caller, who identifies itself by {@code token}. */
    @WithTransaction
    public Uni<List<ShortTermClaim>> claim(int batchSize, Duration lease, String token) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(CLAIM)
                        .setParameter("token", token)
                        .setParameter("leaseMillis", lease.toMillis())
                        .setParameter("batchSize", (long) batchSize)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(row -> new ShortTermClaim(
                                asLong(row[0]),
                                new ShortTermKey((String) row[1], (String) row[2], (String) row[3], (String) row[4]),
                                asLong(row[5]),
                                token))
                        .toList());
    }

    /** The stored summary and its coverage; empty when the memory was never written. Needs a session. */
    public Uni<Optional<ShortTermState>> find(ShortTermKey key) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery("""
                                select summary, through_ts, through_pk, covered_max_pk, summarized_episodes
                                  from ingest.short_term
                                 where project = :project and user_id = :userId and session_id = :sessionId
                                   and agent_key = :agentKey
                                """)
                        .setParameter("project", key.project())
                        .setParameter("userId", key.userId())
                        .setParameter("sessionId", key.sessionId())
                        .setParameter("agentKey", key.agentKey())
                        .getResultList())
                .map(rows -> rows.stream().findFirst().map(ShortTermRepository::state));
    }

    /**
     * Stores a round's outcome and gives the lease back; the row stays due unless the round caught up
     * with everything up to the claim. {@code writer} is null when nothing new was summarized. Emits
     * false when the lease was lost (another summarizer took over): nothing was stored then.
     */
    @WithTransaction
    public Uni<Boolean> complete(
            ShortTermClaim claim, String summary, String writer, Coverage coverage, boolean caughtUp) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(COMPLETE)
                        .setParameter("summary", summary)
                        .setParameter("writer", writer)
                        .setParameter("episodes", coverage.episodes())
                        .setParameter("throughTs", coverage.through().ts().atOffset(ZoneOffset.UTC))
                        .setParameter("throughPk", coverage.through().pk())
                        .setParameter("maxPk", coverage.maxPk())
                        .setParameter("caughtUp", caughtUp)
                        .setParameter("changes", claim.changes())
                        .setParameter("id", claim.id())
                        .setParameter("token", claim.token())
                        .executeUpdate())
                .map(updated -> updated > 0);
    }

    private static ShortTermState state(Object[] row) {
        SessionPosition through = new SessionPosition(((OffsetDateTime) row[1]).toInstant(), asLong(row[2]));
        return new ShortTermState((String) row[0], new Coverage(through, asLong(row[3]), asLong(row[4])));
    }

    private static long asLong(Object column) {
        return ((Number) column).longValue();
    }
}
