package dev.engram.launcher;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Everything the launcher needs to know, read from the environment so that {@code bin/engram} and
 * tests configure it the same way.
 *
 * @param home the repository checkout that holds the built services
 * @param runDirectory pid files, logs and local data ({@code .engram} under home by default)
 * @param host the loopback address every service binds to
 * @param ports the HTTP (and gRPC) port of each service
 * @param externalDatabase the database to use, or {@code null} to run an embedded PostgreSQL
 * @param embeddedDatabasePort the port of the embedded PostgreSQL
 * @param authEnabled whether the gateway asks for API keys ({@code ENGRAM_AUTH_ENABLED}; off for local runs)
 * @param adminKey the gateway's bootstrap admin key ({@code ENGRAM_AUTH_ADMIN_KEY}), or {@code null}
 */
public record PlatformSettings(
        Path home,
        Path runDirectory,
        String host,
        Map<ServiceKind, Integer> ports,
        DatabaseSettings externalDatabase,
        int embeddedDatabasePort,
        boolean authEnabled,
        String adminKey) {

    /** Keys must not show up in {@code ps} or in logs that print settings. */
    @Override
    public String toString() {
        return "PlatformSettings[home=" + home + ", runDirectory=" + runDirectory + ", host=" + host + ", ports="
                + ports + ", authEnabled=" + authEnabled + "]";
    }

    public static PlatformSettings fromEnvironment(Path home, Map<String, String> env) {
        Path runDirectory = Path.of(env.getOrDefault(
                        "ENGRAM_RUN_DIR", home.resolve(".engram").toString()))
                .toAbsolutePath();
        Map<ServiceKind, Integer> ports = new EnumMap<>(ServiceKind.class);
        for (ServiceKind kind : ServiceKind.values()) {
            ports.put(kind, intOf(env, kind.portVariable(), kind.defaultPort()));
        }
        DatabaseSettings database = null;
        if (env.containsKey("ENGRAM_DB_HOST")) {
            database = new DatabaseSettings(
                    env.get("ENGRAM_DB_HOST"),
                    intOf(env, "ENGRAM_DB_PORT", 5432),
                    env.getOrDefault("ENGRAM_DB_NAME", "engram"),
                    env.getOrDefault("ENGRAM_DB_USER", "engram"),
                    env.getOrDefault("ENGRAM_DB_PASSWORD", "engram"));
        }
        return new PlatformSettings(
                home.toAbsolutePath(),
                runDirectory,
                env.getOrDefault("ENGRAM_HOST", "127.0.0.1"),
                ports,
                database,
                intOf(env, "ENGRAM_EMBEDDED_DB_PORT", 15432),
                Boolean.parseBoolean(
                        env.getOrDefault("ENGRAM_AUTH_ENABLED", "false").trim()),
                env.get("ENGRAM_AUTH_ADMIN_KEY"));
    }

    public int port(ServiceKind kind) {
        return ports.get(kind);
    }

    public String url(ServiceKind kind) {
        return "http://" + host + ":" + port(kind);
    }

    public Path logDirectory() {
        return runDirectory.resolve("logs");
    }

    public Path pidDirectory() {
        return runDirectory.resolve("pids");
    }

    public Path dataDirectory() {
        return runDirectory.resolve("data");
    }

    private static int intOf(Map<String, String> env, String name, int fallback) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a port number, was '" + value + "'");
        }
    }
}
