package dev.engram.launcher;

import dev.engram.launcher.postgres.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Starts, stops and inspects the whole platform on one machine, each service as its own process. */
public final class Platform {

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(20);
    private static final String POSTGRES = "postgres";

    private final PlatformSettings settings;
    private final Map<String, String> serviceEnvironment;

    public Platform(PlatformSettings settings) {
        this(settings, Map.of());
    }

    /**
     * A platform whose services get these variables on top of the inherited environment, e.g. an OTLP endpoint
     * ({@code QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT}) that only this platform's services should export to.
     */
    public Platform(PlatformSettings settings, Map<String, String> serviceEnvironment) {
        this.settings = settings;
        this.serviceEnvironment = Map.copyOf(serviceEnvironment);
    }

    public PlatformSettings settings() {
        return settings;
    }

    public ManagedProcess process(ServiceKind kind) {
        return new ManagedProcess(kind.module(), settings.pidDirectory(), settings.logDirectory());
    }

    private ManagedProcess postgresProcess() {
        return new ManagedProcess(POSTGRES, settings.pidDirectory(), settings.logDirectory());
    }

    /** The configured database, or an embedded one started in the background (once). */
    public DatabaseSettings startDatabase() {
        if (settings.externalDatabase() != null) {
            DatabaseSettings db = settings.externalDatabase();
            if (!canConnect(db)) {
                throw new IllegalStateException("cannot connect to PostgreSQL at " + db.host() + ":" + db.port() + "/"
                        + db.name() + " as " + db.user());
            }
            return db;
        }
        DatabaseSettings db = new DatabaseSettings(
                "127.0.0.1",
                settings.embeddedDatabasePort(),
                LocalPostgres.DATABASE,
                LocalPostgres.USER,
                LocalPostgres.PASSWORD);
        ManagedProcess postgres = postgresProcess();
        if (!postgres.isRunning()) {
            stopOrphanedPostgres();
            List<String> command = new ArrayList<>(List.of(
                    javaExecutable(), "-Xmx128m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            command.addAll(List.of(
                    "postgres", settings.dataDirectory().resolve(POSTGRES).toString(), Integer.toString(db.port())));
            postgres.start(command);
        }
        HealthProbe.await("PostgreSQL", () -> canConnect(db), postgres::isRunning, STARTUP_TIMEOUT);
        return db;
    }

    /** Starts one service unless it is already running; does not wait for it. */
    public void start(ServiceKind kind, DatabaseSettings db) {
        ManagedProcess process = process(kind);
        if (process.isRunning()) {
            return;
        }
        Path jar = runnableJar(kind);
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: build first (./mvnw -DskipTests package)");
        }
        process.start(command(kind, db, jar), environment(kind));
    }

    public void awaitReady(ServiceKind kind) {
        ManagedProcess process = process(kind);
        HealthProbe.await(
                kind.module() + " (log: " + process.logFile() + ")",
                () -> HealthProbe.isReady(settings.url(kind)),
                process::isRunning,
                STARTUP_TIMEOUT);
    }

    /** Starts the database and every service, then waits until all report ready. */
    public void startAll() {
        DatabaseSettings db = startDatabase();
        for (ServiceKind kind : ServiceKind.values()) {
            start(kind, db);
        }
        for (ServiceKind kind : ServiceKind.values()) {
            awaitReady(kind);
        }
        // A service that could not bind its port exits, and whatever holds the port may have answered its probe.
        for (ServiceKind kind : ServiceKind.values()) {
            if (!process(kind).isRunning()) {
                throw new IllegalStateException(kind.module() + " exited after start (log: "
                        + process(kind).logFile() + ")");
            }
        }
    }

    public void stop(ServiceKind kind) {
        process(kind).stop(SHUTDOWN_GRACE);
    }

    /** Stops every service, the gateway first so that no new work arrives, then the embedded database. */
    public void stopAll() {
        List<ServiceKind> order = new ArrayList<>(List.of(ServiceKind.values()));
        java.util.Collections.reverse(order);
        order.forEach(this::stop);
        postgresProcess().stop(SHUTDOWN_GRACE);
        stopOrphanedPostgres();
    }

    /**
     * The embedded server runs detached from the JVM that started it; when that JVM was killed
     * rather than stopped, the server is still running and holds its data directory. It is found
     * through PostgreSQL's own pid file and shut down.
     */
    private void stopOrphanedPostgres() {
        Path postmasterPid = settings.dataDirectory().resolve(POSTGRES).resolve("postmaster.pid");
        try {
            if (!Files.exists(postmasterPid)) {
                return;
            }
            long pid = Long.parseLong(Files.readAllLines(postmasterPid).get(0).trim());
            ProcessHandle.of(pid).filter(ProcessHandle::isAlive).ifPresent(server -> {
                server.destroy();
                try {
                    server.onExit().get(SHUTDOWN_GRACE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    server.destroyForcibly();
                }
            });
        } catch (java.io.IOException | RuntimeException e) {
            // A pid file that cannot be read names no server we could stop.
        }
    }

    /** Each process the launcher manages, with its state. */
    public Map<String, String> status() {
        Map<String, String> states = new LinkedHashMap<>();
        if (settings.externalDatabase() == null) {
            states.put(POSTGRES, describe(postgresProcess(), "127.0.0.1:" + settings.embeddedDatabasePort()));
        }
        for (ServiceKind kind : ServiceKind.values()) {
            String state = describe(process(kind), settings.url(kind));
            if (process(kind).isRunning() && !HealthProbe.isReady(settings.url(kind))) {
                state += " (not ready)";
            }
            states.put(kind.module(), state);
        }
        return states;
    }

    private static String describe(ManagedProcess process, String address) {
        return process.handle()
                .map(handle -> "running  pid " + handle.pid() + "  " + address)
                .orElse("stopped");
    }

    private List<String> command(ServiceKind kind, DatabaseSettings db, Path jar) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-Xmx" + kind.maxHeap());
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.addAll(kind.jvmOptions());
        command.add("-Dquarkus.http.host=" + settings.host());
        command.add("-Dquarkus.http.port=" + settings.port(kind));
        for (ServiceKind peer : ServiceKind.values()) {
            if (peer != ServiceKind.GATEWAY) {
                command.add("-Dquarkus.grpc.clients." + peer.clientName() + ".host=" + settings.host());
                command.add("-Dquarkus.grpc.clients." + peer.clientName() + ".port=" + settings.port(peer));
            }
        }
        if (kind.usesDatabase()) {
            command.addAll(db.systemProperties());
        }
        if (kind == ServiceKind.VECTOR) {
            command.add("-Dengram.vector.index-dir=" + settings.dataDirectory().resolve("vector"));
        }
        if (kind == ServiceKind.GATEWAY) {
            command.add("-Dengram.auth.enabled=" + settings.authEnabled());
        }
        String extra = System.getenv("ENGRAM_JAVA_OPTS");
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        command.add("-jar");
        command.add(jar.toString());
        return command;
    }

    /** The admin key goes by environment, not on the command line, where every user of the machine could read it. */
    private Map<String, String> environment(ServiceKind kind) {
        Map<String, String> environment = new LinkedHashMap<>(serviceEnvironment);
        if (kind == ServiceKind.GATEWAY && settings.adminKey() != null) {
            environment.put("ENGRAM_AUTH_ADMIN_KEY", settings.adminKey());
        }
        return environment;
    }

    private Path runnableJar(ServiceKind kind) {
        return settings.home()
                .resolve(kind.module())
                .resolve("target")
                .resolve("quarkus-app")
                .resolve("quarkus-run.jar");
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static boolean canConnect(DatabaseSettings db) {
        String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + db.name() + "?connectTimeout=2";
        try (var ignored = DriverManager.getConnection(url, db.user(), db.password())) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
