package dev.engram.ingest.store;

import dev.engram.ingest.model.Coverage;
import dev.engram.ingest.model.SessionPosition;
import dev.engram.ingest.model.ShortTermKey;
import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The episodes behind a short-term memory, walked on the session-order index. An agent key narrows
 * every query to that agent's episodes (an empty key means any agent). Every method needs a session.
 */
@ApplicationScoped
public class ShortTermEpisodeQuery {

    private static final String SESSION = """
            e.project = :project and e.user_id = :userId and e.session_id = :sessionId
            and (cast(:agentKey as text) = '' or e.agent_id = :agentKey)
            """;

    // Every episode has content, so no more than budget + 1 of the newest can matter; the newest
    // (rn = 1) is in the window whatever its length.
    private static final String WINDOW_START = """
            select w.ts, w.pk from (
                select n.ts, n.pk,
                       row_number() over newest_first as rn,
                       sum(char_length(n.content)) over newest_first as chars
                  from (select e.ts, e.pk, e.content from ingest.episode e
                         where %s
                         order by e.ts desc, e.pk desc
                         limit :scan) n
                window newest_first as (order by n.ts desc, n.pk desc rows unbounded preceding)
            ) w
            where w.rn = 1 or w.chars <= :budget
            order by w.ts, w.pk
            limit 1
            """.formatted(SESSION);

    // Uncovered: after the summary's last position, or drawn after the summary was written.
    private static final String UNCOVERED = """
            select %s from ingest.episode e
             where %s
               and ((e.ts, e.pk) > (:throughTs, :throughPk) or e.pk > :maxPk)
            """.formatted(EpisodeRows.COLUMNS, SESSION);

    private static final String ORDERED = " order by e.ts, e.pk";

    private static final String BEFORE = " and (e.ts, e.pk) < (:beforeTs, :beforePk)";

    private static final String MAX_PK = "select coalesce(max(e.pk), 0) from ingest.episode e where " + SESSION;

    /**
     * Where the recent window begins: the oldest of the newest episodes whose contents add up to at
     * most {@code budgetChars}, or the newest alone when it is longer. Empty for an empty session.
     */
    public Uni<Optional<SessionPosition>> windowStart(ShortTermKey key, int budgetChars) {
        return Panache.getSession()
                .chain(session -> bind(session.<Object[]>createNativeQuery(WINDOW_START), key)
                        .setParameter("scan", (long) budgetChars + 1)
                        .setParameter("budget", (long) budgetChars)
                        .getResultList())
                .map(rows -> rows.stream()
                        .findFirst()
                        .map(row -> new SessionPosition(
                                ((OffsetDateTime) row[0]).toInstant(), ((Number) row[1]).longValue())));
    }

    /** Every episode the coverage leaves out, in session order. */
    public Uni<List<StoredEpisode>> uncovered(ShortTermKey key, Coverage coverage) {
        return Panache.getSession()
                .chain(session -> uncoveredQuery(session.createNativeQuery(UNCOVERED + ORDERED), key, coverage)
                        .getResultList())
                .map(rows -> episodes(key, rows));
    }

    /** The episodes the coverage leaves out that come before {@code before}, in session order. */
    public Uni<List<StoredEpisode>> uncovered(ShortTermKey key, Coverage coverage, SessionPosition before) {
        return Panache.getSession()
                .chain(session -> uncoveredQuery(session.createNativeQuery(UNCOVERED + BEFORE + ORDERED), key, coverage)
                        .setParameter("beforeTs", before.ts().atOffset(ZoneOffset.UTC))
                        .setParameter("beforePk", before.pk())
                        .getResultList())
                .map(rows -> episodes(key, rows));
    }

    /** The largest episode key of the memory's episodes, 0 when there are none. */
    public Uni<Long> maxPk(ShortTermKey key) {
        return Panache.getSession()
                .chain(session ->
                        bind(session.<Number>createNativeQuery(MAX_PK), key).getSingleResult())
                .map(Number::longValue);
    }

    private static Mutiny.Query<Object[]> uncoveredQuery(
            Mutiny.Query<Object[]> query, ShortTermKey key, Coverage coverage) {
        return bind(query, key)
                .setParameter("throughTs", coverage.through().ts().atOffset(ZoneOffset.UTC))
                .setParameter("throughPk", coverage.through().pk())
                .setParameter("maxPk", coverage.maxPk());
    }

    private static List<StoredEpisode> episodes(ShortTermKey key, List<Object[]> rows) {
        return rows.stream()
                .map(row -> EpisodeRows.read(key.project(), key.userId(), row, 0))
                .toList();
    }

    private static <T> Mutiny.Query<T> bind(Mutiny.Query<T> query, ShortTermKey key) {
        return query.setParameter("project", key.project())
                .setParameter("userId", key.userId())
                .setParameter("sessionId", key.sessionId())
                .setParameter("agentKey", key.agentKey());
    }
}
