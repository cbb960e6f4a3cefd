package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import dev.engram.k8s.ServiceCatalog.ServiceSpec;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.Service;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Rules about configuration: every key a service reads is set, services find each other, secrets stay out. */
final class ConfigRules {

    /** Environment variables that carry credentials: only ever from a Secret. */
    static final Pattern SENSITIVE = Pattern.compile(".*(PASSWORD|API_KEY|ADMIN_KEY|SECRET|TOKEN).*");

    /** The gateway's bootstrap administrator key. */
    static final String ADMIN_KEY = "ENGRAM_AUTH_ADMIN_KEY";

    private ConfigRules() {}

    /**
     * The container's environment: its own entries, and the keys of ConfigMaps or Secrets it imports.
     * A value is the literal, or "<from ...>" when read from elsewhere.
     */
    static Map<String, String> environment(Manifests manifests, Container container) {
        Map<String, String> env = new LinkedHashMap<>();
        if (container.getEnvFrom() != null) {
            container.getEnvFrom().forEach(source -> {
                if (source.getConfigMapRef() != null) {
                    String name = source.getConfigMapRef().getName();
                    manifests.all(ConfigMap.class).stream()
                            .filter(c -> name.equals(c.getMetadata().getName()))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("envFrom names a missing ConfigMap " + name))
                            .getData()
                            .forEach(env::put);
                }
                if (source.getSecretRef() != null) {
                    throw new AssertionError("import Secrets key by key, so that the keys a service gets are visible");
                }
            });
        }
        for (EnvVar var : container.getEnv()) {
            env.put(var.getName(), var.getValueFrom() == null ? var.getValue() : "<from " + var.getValueFrom() + ">");
        }
        return env;
    }

    /** Qdrant settings are needed only where Qdrant is the store. */
    static void setsEveryKeyTheServiceReads(Manifests manifests, Workload workload, ServiceSpec spec) {
        Container container = workload.template().getSpec().getContainers().get(0);
        Map<String, String> env = environment(manifests, container);
        Set<String> required = new TreeSet<>(spec.requiredEnv());
        if (!"qdrant".equals(env.get("ENGRAM_VECTOR_STORE"))) {
            required.removeIf(name -> name.startsWith("ENGRAM_VECTOR_QDRANT_"));
        }
        assertThat(env.keySet()).as(workload.name() + " environment").containsAll(required);
    }

    /** Each gRPC client's host is a Service of the called service, on that service's port. */
    static void clientsReachTheirServices(
            Manifests manifests, Workload workload, ServiceSpec spec, ServiceCatalog catalog) {
        Map<String, String> env = environment(
                manifests, workload.template().getSpec().getContainers().get(0));
        spec.clients().forEach((client, target) -> {
            String prefix = "QUARKUS_GRPC_CLIENTS_" + client.toUpperCase(Locale.ROOT);
            String host = env.get(prefix + "_HOST");
            Service service = manifests
                    .serviceNamed(host)
                    .orElseThrow(() -> new AssertionError(
                            workload.name() + " calls " + target + " at " + host + ", which is no Service"));
            assertThat(service.getSpec().getSelector().get(Manifests.COMPONENT_LABEL))
                    .as(workload.name() + " client " + client + " reaches")
                    .isEqualTo(target);
            int port = catalog.service(target).port();
            assertThat(service.getSpec().getPorts()).as(host + " ports").anyMatch(p -> p.getPort() == port);
            assertThat(env.get(prefix + "_PORT"))
                    .as(workload.name() + " client " + client + " port")
                    .isEqualTo(Integer.toString(port));
        });
    }

    /** The Secret an environment variable is read from; null when it is written inline or not set. */
    static SecretKeySelector secretRef(Container container, String name) {
        return container.getEnv().stream()
                .filter(var -> name.equals(var.getName()))
                .findFirst()
                .map(EnvVar::getValueFrom)
                .map(EnvVarSource::getSecretKeyRef)
                .orElse(null);
    }

    /** The name of the Secret a variable is read from; null when it is not read from a Secret. */
    static String secretName(EnvVar var) {
        return var.getValueFrom() == null || var.getValueFrom().getSecretKeyRef() == null
                ? null
                : var.getValueFrom().getSecretKeyRef().getName();
    }

    /**
     * The services that connect to PostgreSQL read user and password from Secrets, and all from one: the
     * operator creates a single set of database credentials.
     */
    static void databaseCredentialsFromOneSecret(Manifests manifests, Set<String> components) {
        Set<String> secrets = new TreeSet<>();
        for (String component : components) {
            Container container = manifests.workload(component).container();
            for (String name : new String[] {"ENGRAM_DB_USER", "ENGRAM_DB_PASSWORD"}) {
                SecretKeySelector ref = secretRef(container, name);
                assertThat(ref)
                        .as(component + " " + name + " comes from a Secret")
                        .isNotNull();
                secrets.add(ref.getName());
            }
        }
        assertThat(secrets)
                .as(manifests.source() + ": Secrets with database credentials")
                .hasSize(1);
    }

    /**
     * API keys are required, and the bootstrap admin key is read from the given Secret: never inline, and not
     * optional, since without it no project could ever be created.
     */
    static void authenticationOnWithAdminKeyFrom(Manifests manifests, String secret, String key) {
        Container gateway = manifests.workload(TrafficRules.GATEWAY).container();
        assertThat(environment(manifests, gateway))
                .as(manifests.source() + " gateway environment")
                .containsEntry("ENGRAM_AUTH_ENABLED", "true");
        assertThat(gateway.getEnv())
                .filteredOn(var -> ADMIN_KEY.equals(var.getName()))
                .singleElement()
                .satisfies(var ->
                        assertThat(var.getValue()).as(ADMIN_KEY + " is inline").isNull());
        SecretKeySelector ref = secretRef(gateway, ADMIN_KEY);
        assertThat(ref).as(ADMIN_KEY + " comes from a Secret").isNotNull();
        assertThat(ref.getName()).as(ADMIN_KEY + " Secret").isEqualTo(secret);
        assertThat(ref.getKey()).as(ADMIN_KEY + " key in the Secret").isEqualTo(key);
        assertThat(ref.getOptional()).as(ADMIN_KEY + " is optional").isNotEqualTo(Boolean.TRUE);
    }

    /** No Secret is part of the manifests, and credentials are read from Secrets, never written inline. */
    static void noSecretValues(Manifests manifests) {
        assertThat(manifests.all(Secret.class))
                .as(manifests.source() + " ships Secrets: they are created by the operator, never committed")
                .isEmpty();
        for (ConfigMap map : manifests.all(ConfigMap.class)) {
            if (map.getData() != null) {
                assertThat(map.getData().keySet())
                        .as(map.getMetadata().getName() + " holds no credentials")
                        .noneMatch(key ->
                                SENSITIVE.matcher(key.toUpperCase(Locale.ROOT)).matches());
            }
        }
        for (Workload workload : manifests.workloads()) {
            for (Container container : workload.template().getSpec().getContainers()) {
                for (EnvVar var : container.getEnv()) {
                    if (SENSITIVE.matcher(var.getName()).matches()) {
                        assertThat(var.getValue())
                                .as(workload.name() + " " + var.getName() + " is inline")
                                .isNull();
                        assertThat(var.getValueFrom().getSecretKeyRef())
                                .as(workload.name() + " " + var.getName() + " comes from a Secret")
                                .isNotNull();
                    }
                }
            }
        }
    }
}
