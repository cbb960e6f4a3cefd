package dev.engram.ingest.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Counts outbox rows behind the service's back. */
public final class OutboxRows {

    private final DataSource dataSource;

    public OutboxRows(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Rows for the target of the project's episodes, parked or not. */
    public long count(String project, String target) {
        return query("""
                select count(*) from ingest.outbox o join ingest.episode e on e.pk = o.episode_pk
                 where e.project = ? and o.target = ?
                """, project, target);
    }

    /** Rows for the target of one episode of the project. */
    public long count(String project, String episodeId, String target) {
        return query("""
                select count(*) from ingest.outbox o join ingest.episode e on e.pk = o.episode_pk
                 where e.project = ? and e.episode_id = ? and o.target = ?
                """, project, episodeId, target);
    }

    /** Whether the project's episode has a parked row for the target. */
    public boolean parked(String project, String episodeId, String target) {
        return query("""
                select count(*) from ingest.outbox o join ingest.episode e on e.pk = o.episode_pk
                 where e.project = ? and e.episode_id = ? and o.target = ? and o.parked_at is not null
                """, project, episodeId, target) > 0;
    }

    private long query(String sql, String... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setString(i + 1, parameters[i]);
            }
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
