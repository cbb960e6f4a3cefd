package dev.engram.bench;

import dev.engram.launcher.FreePorts;
import dev.engram.launcher.Platform;
import dev.engram.launcher.PlatformSettings;
import dev.engram.launcher.ServiceKind;
import dev.engram.launcher.postgres.LocalPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A private platform for one run: a throwaway PostgreSQL and the five services as their own processes on
 * free loopback ports, in a temporary directory. Closing it (also from a shutdown hook on Ctrl-C) stops
 * everything; the directory is removed unless the run failed, so that the service logs can be read.
 */
public final class EmbeddedPlatform implements AutoCloseable {

    private final Path runDirectory;
    // Set by the starting thread, read by a shutdown hook that may run while start() is under way.
    private volatile LocalPostgres postgres;
    private volatile Platform platform;
    private boolean closed;
    private boolean keepLogs;

    private EmbeddedPlatform(Path runDirectory) {
        this.runDirectory = runDirectory;
    }

    /** A platform not started yet; register {@link #close()} as a shutdown hook before {@link #start}. */
    public static EmbeddedPlatform create() {
        try {
            return new EmbeddedPlatform(Files.createTempDirectory("engram-bench"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run directory", e);
        }
    }

    /** Starts everything from the built services under {@code home} and waits until all are ready. */
    public void start(Path home) {
        postgres = LocalPostgres.startTemporary();
        Map<ServiceKind, Integer> ports = FreePorts.forServices();
        platform = new Platform(new PlatformSettings(
                home.toAbsolutePath(), runDirectory, "127.0.0.1", ports, postgres.settings(), 0, false, null));
        platform.startAll();
    }

    /** Where each service answers. */
    public PlatformSettings settings() {
        return platform.settings();
    }

    public String gatewayUrl() {
        return platform.settings().url(ServiceKind.GATEWAY);
    }

    /** Where the launcher writes each process's pid file. */
    public Path pidDirectory() {
        return platform.settings().pidDirectory();
    }

    /** The data directory of the platform's own PostgreSQL, which runs apart from the pid folder's processes. */
    public Path postgresDataDirectory() {
        return postgres.dataDirectory();
    }

    public Path logDirectory() {
        return runDirectory.resolve("logs");
    }

    /** Keeps the run directory after close, for its logs. */
    public synchronized void keepLogs() {
        keepLogs = true;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (platform != null) {
                platform.stopAll();
            }
        } finally {
            if (postgres != null) {
                postgres.close();
            }
        }
        if (keepLogs) {
            Progress.log("service logs kept in %s", logDirectory());
        } else {
            deleteRecursively(runDirectory);
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            Progress.log("could not remove %s: %s", directory, e.getMessage());
        }
    }
}
