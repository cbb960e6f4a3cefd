package dev.engram.ingest.store;

import dev.engram.ingest.model.StoredEpisode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
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

    // Each nucleus is a look-up on the unique (project, episode_id) key, whatever the statistics
    // say: "limit 1" stops PostgreSQL from flattening the subquery into a join, and the user
    // check stays outside it so that no other index looks as good.
    private static final String WINDOWS = """
            select t.episode_id as nucleus_id, e.pk, e.episode_id, e.agent_id, e.session_id, e.producer,
                   e.produced_for, e.role, e.content, e.ts, e.metadata
            from unnest(cast(:episodeIds as text[])) with ordinality as requested(episode_id, position)
            cross join lateral (
                select e.pk, e.episode_id, e.user_id, e.agent_id, e.session_id, e.ts from ingest.episode e
                 where e.project = :project and e.episode_id = requested.episode_id
                 limit 1
            ) t
            cross join lateral (
                (select b.* from ingest.episode b
                  where b.project = :project and b.user_id = :userId and b.session_id = t.session_id
                    and (b.ts, b.pk) < (t.ts, t.pk)
                    and (cast(:agentId as text) = '' or b.agent_id = :agentId)
                  order by b.ts desc, b.pk desc
                  limit :before)
                union all
                (select c.* from ingest.episode c where c.pk = t.pk)
                union all
                (select a.* from ingest.episode a
                  where a.project = :project and a.user_id = :userId and a.session_id = t.session_id
                    and (a.ts, a.pk) > (t.ts, t.pk)
                    and (cast(:agentId as text) = '' or a.agent_id = :agentId)
                  order by a.ts, a.pk
                  limit :after)
            ) e
            where t.user_id = :userId and (cast(:agentId as text) = '' or t.agent_id = :agentId)
            order by requested.position, e.ts, e.pk
            """;

    /**
     * For each of the user's episodes among {@code episodeIds}: the episode with up to
     * {@code before} and {@code after} session neighbours, in session order, keyed by episode id.
     * Ids that are unknown, or belong to another user, are absent. A non-empty {@code agentId}
     * keeps only that agent's episodes, nuclei and neighbours alike. Needs a session.
     */
    public Uni<Map<String, List<StoredEpisode>>> find(
            String project, String userId, String agentId, List<String> episodeIds, int before, int after) {
        return Panache.getSession()
                .chain(session -> session.<Object[]>createNativeQuery(WINDOWS)
                        .setParameter("episodeIds", episodeIds.toArray(String[]::new))
                        .setParameter("project", project)
                        .setParameter("userId", userId)
                        .setParameter("agentId", agentId)
                        .setParameter("before", (long) before)
                        .setParameter("after", (long) after)
                        .getResultList())
                .map(rows -> group(project, userId, rows));
    }

    private static Map<String, List<StoredEpisode>> group(String project, String userId, List<Object[]> rows) {
        Map<String, List<StoredEpisode>> windows = new LinkedHashMap<>();
        for (Object[] row : rows) {
            windows.computeIfAbsent((String) row[0], nucleus -> new ArrayList<>())
                    .add(EpisodeRows.read(project, userId, row, 1));
        }
        return windows;
    }
}
