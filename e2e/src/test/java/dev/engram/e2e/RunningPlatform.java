package dev.engram.e2e;

import dev.engram.launcher.DatabaseSettings;
import dev.engram.launcher.FreePorts;
import dev.engram.launcher.Platform;
import dev.engram.launcher.PlatformSettings;
import dev.engram.launcher.ServiceKind;
import dev.engram.launcher.postgres.LocalPostgres;
import dev.engram.sdk.Engram;
import dev.engram.testing.OtlpReceiver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the whole platform once per test run: a real PostgreSQL and the five services as separate
 * processes on free loopback ports, exactly as {@code bin/engram up} runs them, but with authentication on,
 * as in production: tests reach the API with keys of their own projects ({@link #tenant}) or of the project
 * {@code default} ({@link #gateway()}).
 */
public final class RunningPlatform implements BeforeAllCallback, AutoCloseable {

    private static RunningPlatform instance;

    private LocalPostgres postgres;
    private OtlpReceiver traces;
    private Platform platform;
    private DatabaseSettings database;
    private final String adminKey = "e2e-admin-" + UUID.randomUUID() + UUID.randomUUID();
    private Gateway defaultGateway;

    /** A project of its own and a gateway client holding a key of it with every scope. */
    public record Tenant(String project, Gateway gateway) {}

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
        // The receiver takes its port before the services' ports are chosen, so it cannot take one of them.
        traces = OtlpReceiver.start();
        Map<ServiceKind, Integer> ports = FreePorts.forServices();
        Path home = Path.of(System.getProperty("engram.home", "..")).toAbsolutePath();
        platform = new Platform(
                new PlatformSettings(home, runDirectory, "127.0.0.1", ports, database, 0, true, adminKey),
                exportingTo(traces));
        try {
            platform.startAll();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(RunningPlatform.class.getName(), this);
        defaultGateway = new Gateway(gatewayUrl(), admin().createKey("default"));
        instance = this;
    }

    /** A client with a key of the project {@code default}, shared by the tests that need no project of their own. */
    public Gateway gateway() {
        return defaultGateway;
    }

    /** A fresh project, named after the prefix, with a key that has every scope. */
    public Tenant tenant(String prefix) {
        String project = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        Admin admin = admin();
        admin.createProject(project);
        return new Tenant(project, new Gateway(gatewayUrl(), admin.createKey(project)));
    }

    /** A Java SDK client of a fresh project, named after the prefix, with a key that has every scope. */
    public Engram client(String prefix) {
        String project = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        Admin admin = admin();
        admin.createProject(project);
        return Engram.builder()
                .url(gatewayUrl())
                .apiKey(admin.createKey(project))
                .build();
    }

    /** Every span the services exported, received as a collector would. */
    public OtlpReceiver traces() {
        return traces;
    }

    /** The services export their spans over OTLP/HTTP to the receiver, in small batches soon after each request. */
    private static Map<String, String> exportingTo(OtlpReceiver receiver) {
        return Map.of(
                "QUARKUS_OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", receiver.endpoint(),
                "QUARKUS_OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "http/protobuf",
                "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
    }

    /** The bootstrap admin key, for tests that call the administration API themselves. */
    public String adminKey() {
        return adminKey;
    }

    /** The administration API, with the bootstrap key. */
    public Admin admin() {
        return new Admin(gatewayUrl(), adminKey);
    }

    public DatabaseSettings database() {
        return database;
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

    /** The file a service's console output goes to. */
    public Path logFile(ServiceKind kind) {
        return platform.process(kind).logFile();
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
        if (traces != null) {
            traces.close();
        }
    }
}
