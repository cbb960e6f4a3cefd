package dev.engram.ingest.store;

import dev.engram.ingest.model.EpisodeScope;
import dev.engram.ingest.model.ListPosition;
import dev.engram.ingest.model.StoredEpisode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowIterator;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A user's episodes, one by id or a page at a time in session order (session, timestamp, arrival),
 * which is the order of the session-order index: a page is a range scan of it from the previous
 * page's last position. Project and user always bound the query; a session or an agent narrows it
 * when the scope names one. Only the conditions that apply are written into the statement, so each
 * combination gets a plan that uses them.
 */
@ApplicationScoped
public class EpisodeListQuery {

    private static final String SELECT = "select " + EpisodeRows.COLUMNS + " from ingest.episode e where";

    private final Pool pool;

    EpisodeListQuery(Pool pool) {
        this.pool = pool;
    }

    /** The user's episode with this id, within the scope's session and agent when it names them. */
    public Uni<Optional<StoredEpisode>> find(EpisodeScope scope, String episodeId) {
        Statement statement = new Statement(scope).and("e.episode_id = ", episodeId);
        return pool.preparedQuery(statement.sql.toString())
                .execute(statement.arguments)
                .map(rows -> {
                    RowIterator<Row> found = rows.iterator();
                    return found.hasNext()
                            ? Optional.of(EpisodeRows.read(scope.project(), scope.userId(), found.next(), 0))
                            : Optional.empty();
                });
    }

    /** Up to {@code limit} episodes in session order, after {@code after} (from the start when null). */
    public Uni<List<StoredEpisode>> page(EpisodeScope scope, ListPosition after, int limit) {
        Statement statement = new Statement(scope);
        if (after != null) {
            int first = statement.arguments.size() + 1;
            statement.sql.append(
                    " and (e.session_id, e.ts, e.pk) > ($%d, $%d, $%d)".formatted(first, first + 1, first + 2));
            statement.arguments.addString(after.sessionId());
            statement.arguments.addOffsetDateTime(after.ts().atOffset(ZoneOffset.UTC));
            statement.arguments.addLong(after.pk());
        }
        statement.sql.append(" order by e.session_id, e.ts, e.pk limit $").append(statement.arguments.size() + 1);
        statement.arguments.addLong((long) limit);
        return pool.preparedQuery(statement.sql.toString())
                .execute(statement.arguments)
                .map(rows -> {
                    List<StoredEpisode> episodes = new ArrayList<>(rows.size());
                    rows.forEach(row -> episodes.add(EpisodeRows.read(scope.project(), scope.userId(), row, 0)));
                    return episodes;
                });
    }

    /** A statement's text and its positional arguments, built condition by condition. */
    private static final class Statement {
        private final StringBuilder sql = new StringBuilder(SELECT);
        private final Tuple arguments = Tuple.tuple();

        Statement(EpisodeScope scope) {
            sql.append(" e.project = $1");
            arguments.addString(scope.project());
            and("e.user_id = ", scope.userId());
            if (scope.sessionId() != null) {
                and("e.session_id = ", scope.sessionId());
            }
            if (scope.agentId() != null) {
                and("e.agent_id = ", scope.agentId());
            }
        }

        Statement and(String condition, String value) {
            arguments.addString(value);
            sql.append(" and ").append(condition).append('$').append(arguments.size());
            return this;
        }
    }
}
