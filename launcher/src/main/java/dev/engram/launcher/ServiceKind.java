package dev.engram.launcher;

import java.util.List;

/** The platform's deployables, each run as its own JVM from its Quarkus build output. */
public enum ServiceKind {
    INGEST("ingest-service", 8081, "256m"),
    VECTOR("vector-service", 8082, "1g"),
    PROFILE("profile-service", 8084, "256m"),
    RETRIEVAL("retrieval-agent-service", 8083, "256m"),
    GATEWAY("gateway", 8080, "256m");

    private final String module;
    private final int defaultPort;
    private final String maxHeap;

    ServiceKind(String module, int defaultPort, String maxHeap) {
        this.module = module;
        this.defaultPort = defaultPort;
        this.maxHeap = maxHeap;
    }

    /** The Maven module, also the name used for logs, pid files and commands. */
    public String module() {
        return module;
    }

    public int defaultPort() {
        return defaultPort;
    }

    public String maxHeap() {
        return maxHeap;
    }

    /**
     * JVM options this service starts with. All but vector-service stop at the JIT's first tier: they pass
     * requests on and spend little time in their own code, while the optimizing compiler costs each of them
     * seconds of CPU in their first minutes, on cores they share with the embedding. vector-service keeps it, for
     * Lucene's vector scoring. {@code ENGRAM_JAVA_OPTS} comes after these and so overrides them.
     */
    public List<String> jvmOptions() {
        return this == VECTOR ? List.of() : List.of("-XX:TieredStopAtLevel=1");
    }

    /** The environment variable that overrides the port, e.g. {@code ENGRAM_VECTOR_SERVICE_PORT}. */
    public String portVariable() {
        return this == GATEWAY
                ? "ENGRAM_PORT"
                : "ENGRAM_" + module.toUpperCase().replace('-', '_') + "_PORT";
    }

    /** The name other services use for their gRPC client of this one. */
    public String clientName() {
        return switch (this) {
            case INGEST -> "ingest";
            case VECTOR -> "vector";
            case PROFILE -> "profile";
            case RETRIEVAL -> "retrieval";
            case GATEWAY -> "gateway";
        };
    }

    /** The gateway keeps projects and API keys there, and reads them only when authentication is on. */
    public boolean usesDatabase() {
        return this == INGEST || this == PROFILE || this == GATEWAY;
    }

    public static ServiceKind byModule(String module) {
        for (ServiceKind kind : values()) {
            if (kind.module.equals(module) || kind.clientName().equals(module)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown service '" + module + "'");
    }
}
