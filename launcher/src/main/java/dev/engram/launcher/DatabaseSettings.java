package dev.engram.launcher;

/** Where the services find PostgreSQL. */
public record DatabaseSettings(String host, int port, String name, String user, String password) {

    /** The JVM system properties that point a service at this database. */
    public java.util.List<String> systemProperties() {
        return java.util.List.of(
                "-Dengram.db.host=" + host,
                "-Dengram.db.port=" + port,
                "-Dengram.db.name=" + name,
                "-Dquarkus.datasource.username=" + user,
                "-Dquarkus.datasource.password=" + password);
    }
}
