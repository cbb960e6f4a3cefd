package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import dev.engram.k8s.ServiceCatalog.ServiceSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The rules every rendering of the platform must keep, whichever tool renders it (Helm with default or
 * production values, kustomize overlays). Subclasses supply the rendering and their own extra rules.
 */
abstract class DeploymentRulesContract {

    static final String RETRIEVAL = "retrieval-agent-service";

    /** PostgreSQL's port where a rendering reads it from a Secret, so that the manifests cannot tell. */
    static final int POSTGRESQL_PORT = 5432;

    /** The user every service image is built to run as (USER in its Dockerfile.jvm). */
    static final long POD_USER = 185;

    static final ServiceCatalog CATALOG = ServiceCatalog.load(Layout.repositoryRoot());

    /** The rendered objects; subclasses cache them, rendering is the slow part. */
    abstract Manifests manifests();

    @Test
    void every_service_is_deployed_exactly_once_on_its_own_port() {
        List<Workload> workloads = manifests().workloads();
        assertThat(workloads)
                .extracting(Workload::component)
                .containsExactlyInAnyOrderElementsOf(ServiceCatalog.MODULES);
        forEachContainer((workload, container) -> assertThat(container.getPorts())
                .as(workload.name() + " ports")
                .anyMatch(p -> p.getContainerPort() == spec(workload).port()));
    }

    @Test
    void every_container_has_readiness_and_liveness_probes_on_quarkus_health() {
        forEachContainer((w, c) -> PodRules.probesUseQuarkusHealth(w, c, spec(w).port()));
    }

    @Test
    void every_container_has_cpu_and_memory_requests_and_limits() {
        forEachContainer(PodRules::requestsAndLimitsBounded);
    }

    @Test
    void every_container_runs_as_non_root_on_a_read_only_root_filesystem() {
        forEachContainer(PodRules::runsUnprivileged);
    }

    @Test
    void every_container_runs_as_the_user_its_image_is_built_for() {
        forEachContainer((w, c) -> PodRules.runsAs(w, c, POD_USER));
    }

    @Test
    void every_container_drains_its_requests_before_it_stops() {
        forEachContainer(PodRules::shutsDownGracefully);
    }

    @Test
    void every_pod_is_scraped_by_prometheus_on_q_metrics() {
        manifests().workloads().forEach(w -> PodRules.scrapedByPrometheus(w, spec(w).port()));
    }

    @Test
    void every_image_is_the_services_own_at_the_release_version() {
        forEachContainer((w, c) -> PodRules.runsTheReleaseImage(w, c, Layout.releaseVersion()));
    }

    @Test
    void every_workload_has_a_disruption_budget_that_still_lets_a_node_drain() {
        for (Workload workload : manifests().workloads()) {
            int replicas = workload.replicas() != null
                    ? workload.replicas()
                    : autoscaler().getSpec().getMinReplicas();
            TrafficRules.disruptionBudgetAllowsEviction(manifests(), workload, replicas);
        }
    }

    @Test
    void only_the_gateway_is_reachable_from_outside() {
        TrafficRules.onlyTheGatewayIsExposed(manifests());
    }

    @Test
    void each_service_admits_traffic_only_from_the_services_that_call_it() {
        for (Workload workload : manifests().workloads()) {
            TrafficRules.ingressOnlyFromCallers(
                    manifests(), workload, spec(workload).port(), CATALOG.callersOf(workload.component()));
        }
    }

    @Test
    void the_retrieval_agent_alone_is_autoscaled_on_cpu() {
        HorizontalPodAutoscaler hpa = autoscaler();
        Workload retrieval = manifests().workload(RETRIEVAL);
        assertThat(hpa.getSpec().getScaleTargetRef().getKind()).isEqualTo(retrieval.kind());
        assertThat(hpa.getSpec().getScaleTargetRef().getName()).isEqualTo(retrieval.name());
        assertThat(hpa.getSpec().getMinReplicas()).isPositive();
        assertThat(hpa.getSpec().getMaxReplicas())
                .isGreaterThanOrEqualTo(hpa.getSpec().getMinReplicas());
        assertThat(hpa.getSpec().getMetrics())
                .extracting(MetricSpec::getType, m -> m.getResource().getName())
                .contains(org.assertj.core.groups.Tuple.tuple("Resource", "cpu"));
        assertThat(retrieval.replicas())
                .as("the autoscaler owns the replica count; a fixed one would be reset on every apply")
                .isNull();
    }

    @Test
    void every_service_gets_each_setting_its_configuration_reads() {
        manifests().workloads().forEach(w -> ConfigRules.setsEveryKeyTheServiceReads(manifests(), w, spec(w)));
    }

    @Test
    void every_grpc_client_points_at_the_service_it_calls() {
        manifests().workloads().forEach(w -> ConfigRules.clientsReachTheirServices(manifests(), w, spec(w), CATALOG));
    }

    @Test
    void no_secret_value_is_committed_and_credentials_come_from_secrets() {
        ConfigRules.noSecretValues(manifests());
    }

    @Test
    void every_service_that_uses_postgresql_reads_its_credentials_from_one_secret() {
        assertThat(databaseUsers())
                .as("services whose configuration reads PostgreSQL")
                .contains(TrafficRules.GATEWAY, "ingest-service", "profile-service");
        ConfigRules.databaseCredentialsFromOneSecret(manifests(), databaseUsers());
    }

    @Test
    void every_service_that_uses_postgresql_may_reach_it() {
        for (String component : databaseUsers()) {
            Workload workload = manifests().workload(component);
            String port =
                    ConfigRules.environment(manifests(), workload.container()).get("ENGRAM_DB_PORT");
            TrafficRules.egressAdmitsExternalPort(
                    manifests(),
                    workload,
                    port != null && port.matches("[0-9]+") ? Integer.parseInt(port) : POSTGRESQL_PORT,
                    "PostgreSQL");
        }
    }

    @Test
    void an_outage_behind_the_gateway_takes_it_out_of_service_without_restarting_it() {
        Container gateway = manifests().workload(TrafficRules.GATEWAY).container();
        assertThat(gateway.getLivenessProbe().getHttpGet().getPath())
                .as("liveness must not follow the services behind the gateway")
                .isEqualTo("/q/health/live");
        assertThat(gateway.getReadinessProbe().getTimeoutSeconds())
                .as("the readiness check asks each dependency with a 1 s deadline: the probe waits longer")
                .isNotNull()
                .isGreaterThan(1);
    }

    HorizontalPodAutoscaler autoscaler() {
        List<HorizontalPodAutoscaler> autoscalers = manifests().autoscalers();
        assertThat(autoscalers).as(manifests().source() + " autoscalers").hasSize(1);
        return autoscalers.get(0);
    }

    /** The services whose configuration reads PostgreSQL's address. */
    static Set<String> databaseUsers() {
        return ServiceCatalog.MODULES.stream()
                .filter(module -> CATALOG.service(module).requiredEnv().contains("ENGRAM_DB_HOST"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    static ServiceSpec spec(Workload workload) {
        return CATALOG.service(workload.component());
    }

    private void forEachContainer(BiConsumer<Workload, Container> rule) {
        for (Workload workload : manifests().workloads()) {
            workload.template().getSpec().getContainers().forEach(c -> rule.accept(workload, c));
        }
    }
}
