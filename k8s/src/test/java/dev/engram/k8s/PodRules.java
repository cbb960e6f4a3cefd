package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.SecurityContext;
import java.time.Duration;
import java.util.Map;

/** Rules about each pod: health probes, resources, privileges, shutdown, metrics, image. */
final class PodRules {

    private PodRules() {}

    static void probesUseQuarkusHealth(Workload workload, Container container, int port) {
        String what = workload.name() + "/" + container.getName();
        assertHttpProbe(what + " readiness", container.getReadinessProbe(), "/q/health/ready", container, port);
        assertHttpProbe(what + " liveness", container.getLivenessProbe(), "/q/health/live", container, port);
    }

    private static void assertHttpProbe(String what, Probe probe, String path, Container container, int port) {
        assertThat(probe).as(what).isNotNull();
        HTTPGetAction get = probe.getHttpGet();
        assertThat(get).as(what + " is an HTTP GET").isNotNull();
        assertThat(get.getPath()).as(what + " path").isEqualTo(path);
        assertThat(resolvePort(
                        container, get.getPort().getIntVal(), get.getPort().getStrVal()))
                .as(what + " port")
                .isEqualTo(port);
    }

    static int resolvePort(Container container, Integer number, String name) {
        if (number != null) {
            return number;
        }
        return container.getPorts().stream()
                .filter(p -> name.equals(p.getName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no port named " + name))
                .getContainerPort();
    }

    static void requestsAndLimitsBounded(Workload workload, Container container) {
        String what = workload.name() + "/" + container.getName();
        assertThat(container.getResources()).as(what + " resources").isNotNull();
        Map<String, Quantity> requests = container.getResources().getRequests();
        Map<String, Quantity> limits = container.getResources().getLimits();
        for (String resource : new String[] {"cpu", "memory"}) {
            assertThat(requests).as(what + " requests").containsKey(resource);
            assertThat(limits).as(what + " limits").containsKey(resource);
            assertThat(limits.get(resource).getNumericalAmount())
                    .as(what + " " + resource + " limit is at least the request")
                    .isGreaterThanOrEqualTo(requests.get(resource).getNumericalAmount());
        }
    }

    static void runsUnprivileged(Workload workload, Container container) {
        String what = workload.name() + "/" + container.getName();
        PodSecurityContext pod = workload.template().getSpec().getSecurityContext();
        SecurityContext own = container.getSecurityContext();
        assertThat(own).as(what + " securityContext").isNotNull();
        boolean nonRoot = Boolean.TRUE.equals(own.getRunAsNonRoot())
                || (pod != null && Boolean.TRUE.equals(pod.getRunAsNonRoot()));
        assertThat(nonRoot).as(what + " runAsNonRoot").isTrue();
        assertThat(runAsUser(workload, container)).as(what + " runAsUser").isNotEqualTo(0L);
        assertThat(own.getAllowPrivilegeEscalation())
                .as(what + " allowPrivilegeEscalation")
                .isFalse();
        assertThat(own.getReadOnlyRootFilesystem())
                .as(what + " readOnlyRootFilesystem")
                .isTrue();
        assertThat(own.getCapabilities().getDrop())
                .as(what + " dropped capabilities")
                .contains("ALL");
        assertThat(container.getVolumeMounts())
                .as(what + " mounts a writable /tmp (read-only root filesystem)")
                .anyMatch(m -> "/tmp".equals(m.getMountPath()) && !Boolean.TRUE.equals(m.getReadOnly()));
        assertThat(workload.template().getSpec().getAutomountServiceAccountToken())
                .as(workload.name() + " mounts no API token: the services never call the Kubernetes API")
                .isFalse();
    }

    static void runsAs(Workload workload, Container container, long uid) {
        assertThat(runAsUser(workload, container))
                .as(workload.name() + "/" + container.getName() + " runAsUser")
                .isEqualTo(uid);
    }

    /** The container's own runAsUser, else the pod's; {@code null} when neither sets one. */
    private static Long runAsUser(Workload workload, Container container) {
        SecurityContext own = container.getSecurityContext();
        if (own != null && own.getRunAsUser() != null) {
            return own.getRunAsUser();
        }
        PodSecurityContext pod = workload.template().getSpec().getSecurityContext();
        return pod == null ? null : pod.getRunAsUser();
    }

    /** SIGTERM: the pod pauses in preStop while endpoints drop it, then Quarkus drains within the grace period. */
    static void shutsDownGracefully(Workload workload, Container container) {
        String what = workload.name() + "/" + container.getName();
        Long grace = workload.template().getSpec().getTerminationGracePeriodSeconds();
        assertThat(grace)
                .as(what + " terminationGracePeriodSeconds")
                .isNotNull()
                .isGreaterThanOrEqualTo(15L);
        assertThat(container.getLifecycle()).as(what + " lifecycle").isNotNull();
        assertThat(container.getLifecycle().getPreStop()).as(what + " preStop").isNotNull();
        String timeout = container.getEnv().stream()
                .filter(e -> "QUARKUS_SHUTDOWN_TIMEOUT".equals(e.getName()))
                .map(EnvVar::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError(what + " sets no QUARKUS_SHUTDOWN_TIMEOUT"));
        assertThat(Duration.parse("PT" + timeout.toUpperCase()).toSeconds())
                .as(what + " drains in-flight requests within the grace period")
                .isPositive()
                .isLessThan(grace);
    }

    static void scrapedByPrometheus(Workload workload, int port) {
        Map<String, String> annotations = workload.template().getMetadata().getAnnotations();
        assertThat(annotations).as(workload.name() + " pod annotations").isNotNull();
        assertThat(annotations)
                .as(workload.name() + " Prometheus scrape annotations")
                .containsEntry("prometheus.io/scrape", "true")
                .containsEntry("prometheus.io/path", "/q/metrics")
                .containsEntry("prometheus.io/port", Integer.toString(port));
    }

    static void runsTheReleaseImage(Workload workload, Container container, String version) {
        String image = container.getImage();
        int colon = image.lastIndexOf(':');
        assertThat(colon).as(workload.name() + " image " + image + " has a tag").isPositive();
        assertThat(image.substring(colon + 1))
                .as(workload.name() + " image tag")
                .isEqualTo(version);
        String repository = image.substring(0, colon);
        assertThat(repository.substring(repository.lastIndexOf('/') + 1))
                .as(workload.name() + " image is the service's own")
                .isEqualTo(workload.component());
    }
}
