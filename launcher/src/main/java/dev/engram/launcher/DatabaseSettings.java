package dev.engram.launcher;

import java.util.List;
import java.util.Map;

/** Where the services find PostgreSQL. */
public record DatabaseSettings(String host, int port, String name, String user, String password) {

    /** The configuration properties that point a service (ingest, profile) at this database. */
    public Map<String, String> serviceConfig() {
        return Map.of(
                "engram.db.host", host,
                "engram.db.port", Integer.toString(port),
                "engram.db.name", name,
                "quarkus.datasource.username", user,
                "quarkus.datasource.password", password);
    }

    /** The same configuration as JVM system properties. */
    public List<String> systemProperties() {
        return serviceConfig().entrySet().stream()
                .map(property -> "-D" + property.getKey() + "=" + property.getValue())
                .sorted()
                .toList();
    }
}
