package dev.engram.e2e;

import dev.engram.launcher.DatabaseSettings;
import dev.engram.launcher.Platform;
import dev.engram.launcher.PlatformSettings;
import dev.engram.launcher.ServiceKind;
import dev.engram.launcher.postgres.LocalPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the whole platform once per test run: a real PostgreSQL and the five services as separate
 * processes on free loopback ports, exactly as {@code bin/engram up} runs them.
 */
public final class RunningPlatform implements BeforeAllCallback, AutoCloseable {

    private static RunningPlatform instance;

    private LocalPostgres postgres;
    private Platform platform;
    private DatabaseSettings database;

    /** The platform started for this run. */
    public static RunningPlatform get() {
        return instance;
    }

    @Override
    public synchronized void beforeAll(ExtensionContext context) throws IOException {
        if (instance != null) {
            return;
        }
        postgres = LocalPostgres.startTemporary();
        database = postgres.settings();
        Path runDirectory = Files.createTempDirectory("engram-e2e");
        Map<ServiceKind, Integer> ports = new EnumMap<>(ServiceKind.class);
        for (ServiceKind kind : ServiceKind.values()) {
            ports.put(kind, freePort());
        }
        Path home = Path.of(System.getProperty("engram.home", "..")).toAbsolutePath();
        platform = new Platform(new PlatformSettings(home, runDirectory, "127.0.0.1", ports, database, 0, false, null));
        try {
            platform.startAll();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(RunningPlatform.class.getName(), this);
        instance = this;
    }

    public String gatewayUrl() {
        return platform.settings().url(ServiceKind.GATEWAY);
    }

    /** Where a service serves HTTP (health, metrics) and, on the same port, gRPC. */
    public String url(ServiceKind kind) {
        return platform.settings().url(kind);
    }

    public String host() {
        return platform.settings().host();
    }

    public int port(ServiceKind kind) {
        return platform.settings().port(kind);
    }

    /** The process that runs a service now; a new one after every restart. */
    public long pid(ServiceKind kind) {
        return platform.process(kind)
                .handle()
                .map(ProcessHandle::pid)
                .orElseThrow(() -> new IllegalStateException(kind.module() + " is not running"));
    }

    /** Stops a service gracefully, as an operator would. */
    public void stop(ServiceKind kind) {
        platform.stop(kind);
    }

    /** Kills a service without warning, as a crash would. */
    public void kill(ServiceKind kind) {
        platform.process(kind).kill();
    }

    /** Starts a stopped service again and waits until it is ready. */
    public void restart(ServiceKind kind) {
        platform.start(kind, database);
        platform.awaitReady(kind);
    }

    /** Shuts PostgreSQL down (a fast shutdown: sessions are cut, committed data stays); the services keep running. */
    public void stopDatabase() {
        postgres.stop();
    }

    /** Starts PostgreSQL again on the same data and port; the services must reconnect by themselves. */
    public void startDatabase() {
        postgres.restart();
    }

    @Override
    public void close() {
        if (platform != null) {
            platform.stopAll();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
