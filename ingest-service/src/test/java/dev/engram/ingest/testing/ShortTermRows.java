package dev.engram.ingest.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;

/** Reads and writes short-term memory rows behind the service's back, as a crash would leave them. */
public final class ShortTermRows {

    /** What is stored for a session's whole-session short-term memory. */
    public record Row(String summary, long summarizedEpisodes, String writer) {}

    private final DataSource dataSource;

    public ShortTermRows(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public Optional<Row> find(String project, String user, String session) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement("""
                        select summary, summarized_episodes, summary_writer from ingest.short_term
                         where project = ? and user_id = ? and session_id = ? and agent_key = ''
                        """)) {
            query.setString(1, project);
            query.setString(2, user);
            query.setString(3, session);
            try (ResultSet row = query.executeQuery()) {
                return row.next()
                        ? Optional.of(new Row(row.getString(1), row.getLong(2), row.getString(3)))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Leaves the session's memory leased by a summarizer that died, until {@code leasedUntil}, and due;
     * creates the row when the session has none.
     */
    public void leaseToDeadSummarizer(String project, String user, String session, Instant leasedUntil) {
        execute("""
                insert into ingest.short_term (project, user_id, session_id, lease_token, leased_until)
                values (?, ?, ?, 'dead-summarizer', ?)
                on conflict (project, user_id, session_id, agent_key)
                do update set lease_token = excluded.lease_token, leased_until = excluded.leased_until,
                              changes = ingest.short_term.changes + 1
                """, project, user, session, Timestamp.from(leasedUntil));
    }

    /** Stores an episode without the service: no summarizer run is started for it. */
    public void insertEpisode(String project, String user, String session, String id, String content, Instant ts) {
        execute("""
                insert into ingest.episode (project, episode_id, user_id, session_id, producer, content, ts)
                values (?, ?, ?, ?, 'Caroline', ?, ?)
                """, project, id, user, session, content, Timestamp.from(ts));
    }

    private void execute(String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
