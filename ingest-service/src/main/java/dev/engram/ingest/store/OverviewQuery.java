package dev.engram.ingest.store;

import dev.engram.ingest.model.SessionOverview;
import dev.engram.ingest.model.UserOverview;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The users of a project and the sessions of a user, with their counts, a page at a time in id order. Both are
 * grouped range scans of the session-order index (project, user, session, …), which yields the groups in key order,
 * so a page reads only the episodes of the users or sessions it shows.
 */
@ApplicationScoped
public class OverviewQuery {

    private static final String USERS = """
            select user_id, count(*) as stored, count(indexed_at) as indexed,
                   count(distinct session_id) as sessions, max(ts) as last_ts
              from ingest.episode
             where project = $1 and user_id > $2
             group by user_id order by user_id limit $3
            """;

    private static final String SESSIONS = """
            select session_id, count(*) as episodes, min(ts) as first_ts, max(ts) as last_ts
              from ingest.episode
             where project = $1 and user_id = $2 and session_id > $3 %s
             group by session_id order by session_id limit $4
            """;

    private final Pool pool;

    OverviewQuery(Pool pool) {
        this.pool = pool;
    }

    /** Up to {@code limit} users with episodes whose id sorts after {@code after} ("" for the first). */
    public Uni<List<UserOverview>> users(String project, String after, int limit) {
        return rows(
                USERS,
                Tuple.of(project, after, (long) limit),
                row -> new UserOverview(
                        row.getString("user_id"),
                        row.getLong("stored"),
                        row.getLong("indexed"),
                        row.getLong("sessions"),
                        instant(row, "last_ts")));
    }

    /** Up to {@code limit} sessions of the user after {@code after}; an agent id narrows to that agent's episodes. */
    public Uni<List<SessionOverview>> sessions(String project, String userId, String agentId, String after, int limit) {
        Tuple arguments = Tuple.of(project, userId, after, (long) limit);
        String sql = SESSIONS.formatted("");
        if (agentId != null) {
            arguments.addString(agentId);
            sql = SESSIONS.formatted("and agent_id = $5");
        }
        return rows(
                sql,
                arguments,
                row -> new SessionOverview(
                        row.getString("session_id"),
                        row.getLong("episodes"),
                        instant(row, "first_ts"),
                        instant(row, "last_ts")));
    }

    private <T> Uni<List<T>> rows(String sql, Tuple arguments, Function<Row, T> read) {
        return pool.preparedQuery(sql).execute(arguments).map(rows -> {
            List<T> found = new ArrayList<>(rows.size());
            rows.forEach(row -> found.add(read.apply(row)));
            return found;
        });
    }

    private static Instant instant(Row row, String column) {
        return row.getOffsetDateTime(column).toInstant();
    }
}
