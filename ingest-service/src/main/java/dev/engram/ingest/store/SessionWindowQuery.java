package dev.engram.ingest.store;

import dev.engram.ingest.model.StoredEpisode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Episodes with their session neighbours, for the retrieval pipeline, which asks for ~100 of them
 * per search. One statement with constant text (ids travel as one array) finds each nucleus by
 * its unique key and walks the session-order index backwards and forwards from its (ts, pk)
 * position; rows are read as plain values, since nothing here is ever modified. An agent scope
 * filters the rows walked on that index (an empty :agentId means any agent).
 */
@ApplicationScoped
public class SessionWindowQuery {

    // Each nucleus is a look-up on the unique (project, user_id, episode_id) key, whatever the
    // statistics say: "limit 1" stops PostgreSQL from flattening the subquery into a join.
    private static final String WINDOWS = """
            select t.episode_id as nucleus_id, e.pk, e.episode_id, e.agent_id, e.session_id, e.producer,
                   e.produced_for, e.role, e.content, e.ts, e.metadata, e.revision, e.updated_at
            from unnest(cast($1 as text[])) with ordinality as requested(episode_id, position)
            cross join lateral (
                select e.pk, e.episode_id, e.user_id, e.agent_id, e.session_id, e.ts from ingest.episode e
                 where e.project = $2 and e.user_id = $3 and e.episode_id = requested.episode_id
                 limit 1
            ) t
            cross join lateral (
                (select b.* from ingest.episode b
                  where b.project = $2 and b.user_id = $3 and b.session_id = t.session_id
                    and (b.ts, b.pk) < (t.ts, t.pk)
                    and (cast($4 as text) = '' or b.agent_id = $4)
                  order by b.ts desc, b.pk desc
                  limit $5)
                union all
                (select c.* from ingest.episode c where c.pk = t.pk)
                union all
                (select a.* from ingest.episode a
                  where a.project = $2 and a.user_id = $3 and a.session_id = t.session_id
                    and (a.ts, a.pk) > (t.ts, t.pk)
                    and (cast($4 as text) = '' or a.agent_id = $4)
                  order by a.ts, a.pk
                  limit $6)
            ) e
            where cast($4 as text) = '' or t.agent_id = $4
            order by requested.position, e.ts, e.pk
            """;

    private final Pool pool;

    SessionWindowQuery(Pool pool) {
        this.pool = pool;
    }

    /**
     * For each of the user's episodes among {@code episodeIds}: the episode with up to
     * {@code before} and {@code after} session neighbours, in session order, keyed by episode id.
     * Ids that are unknown, or belong to another user, are absent. A non-empty {@code agentId}
     * keeps only that agent's episodes, nuclei and neighbours alike. Runs on the SQL client
     * directly: it is on every search's path, and a prepared statement with plain rows costs a
     * fraction of an ORM session.
     */
    public Uni<Map<String, List<StoredEpisode>>> find(
            String project, String userId, String agentId, List<String> episodeIds, int before, int after) {
        Tuple arguments = Tuple.of(episodeIds.toArray(String[]::new), project, userId, agentId)
                .addLong((long) before)
                .addLong((long) after);
        return pool.preparedQuery(WINDOWS).execute(arguments).map(rows -> group(project, userId, rows));
    }

    private static Map<String, List<StoredEpisode>> group(String project, String userId, RowSet<Row> rows) {
        Map<String, List<StoredEpisode>> windows = new LinkedHashMap<>();
        for (Row row : rows) {
            windows.computeIfAbsent(row.getString(0), nucleus -> new ArrayList<>())
                    .add(EpisodeRows.read(project, userId, row, 1));
        }
        return windows;
    }
}
