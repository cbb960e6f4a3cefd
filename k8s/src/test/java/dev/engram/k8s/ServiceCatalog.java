package dev.engram.k8s;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each service's own application.properties asks of a deployment: the environment variables its
 * {@code ${...}} expressions read, and the services it calls over gRPC. Read from the sources, so a
 * new key or a new client in a service fails these checks until the manifests provide it.
 */
final class ServiceCatalog {

    /** Module name by gRPC client name, as the services name their clients. */
    private static final Map<String, String> MODULE_BY_CLIENT = Map.of(
            "ingest", "ingest-service",
            "vector", "vector-service",
            "retrieval", "retrieval-agent-service",
            "profile", "profile-service");

    static final List<String> MODULES =
            List.of("gateway", "ingest-service", "vector-service", "retrieval-agent-service", "profile-service");

    /**
     * Settings a deployment must make: where the database, the other services, the LLM endpoint and the
     * vector store are, and which embedding model indexes. Other references (timeouts, tuning) keep the
     * defaults written in the service.
     */
    private static final Pattern REQUIRED =
            Pattern.compile("(ENGRAM_DB_|ENGRAM_LLM_|ENGRAM_VECTOR_|ENGRAM_EMBEDDING_|QUARKUS_GRPC_CLIENTS_).*");

    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-]+)(?::[^}]*)?}");
    private static final Pattern CLIENT_HOST = Pattern.compile("quarkus\\.grpc\\.clients\\.([a-z]+)\\.host");

    /**
     * One service.
     *
     * @param module the Maven module, also the component label and the image name
     * @param port its HTTP (and gRPC) port
     * @param requiredEnv environment variables the configuration reads and a deployment must set
     * @param clients gRPC client name to the module it calls
     */
    record ServiceSpec(String module, int port, Set<String> requiredEnv, Map<String, String> clients) {}

    private final Map<String, ServiceSpec> services;

    private ServiceCatalog(Map<String, ServiceSpec> services) {
        this.services = services;
    }

    static ServiceCatalog load(Path repositoryRoot) {
        Map<String, ServiceSpec> services = new LinkedHashMap<>();
        for (String module : MODULES) {
            services.put(
                    module,
                    read(module, repositoryRoot.resolve(module + "/src/main/resources/application.properties")));
        }
        return new ServiceCatalog(services);
    }

    ServiceSpec service(String module) {
        return services.get(module);
    }

    /** The modules that configure a gRPC client of {@code module}. */
    Set<String> callersOf(String module) {
        Set<String> callers = new TreeSet<>();
        services.values().forEach(s -> {
            if (s.clients().containsValue(module)) {
                callers.add(s.module());
            }
        });
        return callers;
    }

    private static ServiceSpec read(String module, Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
        Set<String> env = new TreeSet<>();
        Map<String, String> clients = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith("%")) {
                continue; // profile-specific (%test, %dev): never active in a container
            }
            Matcher expression = EXPRESSION.matcher(properties.getProperty(key));
            while (expression.find()) {
                String name = expression.group(1);
                if (name.equals(name.toUpperCase(Locale.ROOT))) {
                    env.add(name);
                } else if (!properties.containsKey(name)) {
                    env.add(environmentName(name));
                }
            }
            Matcher client = CLIENT_HOST.matcher(key);
            if (client.matches()) {
                String name = client.group(1);
                clients.put(name, MODULE_BY_CLIENT.get(name));
                env.add(environmentName("quarkus.grpc.clients." + name + ".host"));
                env.add(environmentName("quarkus.grpc.clients." + name + ".port"));
            }
        }
        env.removeIf(name -> !REQUIRED.matcher(name).matches() || name.endsWith("_TIMEOUT"));
        return new ServiceSpec(module, Integer.parseInt(properties.getProperty("quarkus.http.port")), env, clients);
    }

    /** MicroProfile Config's environment-variable form of a property name. */
    static String environmentName(String property) {
        return property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }
}
