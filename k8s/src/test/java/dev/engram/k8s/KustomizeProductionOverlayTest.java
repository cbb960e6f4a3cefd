package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import org.junit.jupiter.api.Test;

/** k8s/overlays/production, the documented `kubectl apply -k` path: Qdrant and replicated services. */
class KustomizeProductionOverlayTest extends DeploymentRulesContract {

    @Override
    Manifests manifests() {
        return KustomizeOverlay.render("production");
    }

    @Test
    void every_service_runs_at_least_two_replicas() {
        for (Workload workload : manifests().workloads()) {
            int replicas = workload.replicas() != null
                    ? workload.replicas()
                    : autoscaler().getSpec().getMinReplicas();
            assertThat(replicas).as(workload.name() + " replicas").isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void vectors_live_in_qdrant_and_the_vector_service_is_a_stateless_deployment() {
        assertThat(manifests().all(StatefulSet.class)).isEmpty();
        Workload vector = manifests().workload("vector-service");
        assertThat(vector.kind()).isEqualTo("Deployment");
        assertThat(ConfigRules.environment(
                        manifests(), vector.template().getSpec().getContainers().get(0)))
                .containsEntry("ENGRAM_VECTOR_STORE", "qdrant")
                .containsKeys("ENGRAM_VECTOR_QDRANT_HOST", "ENGRAM_VECTOR_QDRANT_PORT", "ENGRAM_VECTOR_QDRANT_API_KEY");
    }

    @Test
    void api_keys_are_required_and_the_admin_key_comes_from_the_engram_admin_secret() {
        ConfigRules.authenticationOnWithAdminKeyFrom(manifests(), "engram-admin", "admin-key");
    }

    @Test
    void the_postgresql_connection_comes_from_the_engram_postgres_secret() {
        for (String module : databaseUsers()) {
            assertThat(manifests().workload(module).container().getEnv())
                    .filteredOn(e -> e.getName().startsWith("ENGRAM_DB_"))
                    .as(module + " database settings")
                    .hasSize(5)
                    .allSatisfy(e -> assertThat(ConfigRules.secretName(e)).isEqualTo("engram-postgres"));
        }
    }

    @Test
    void the_overlay_and_the_chart_deploy_the_same_release() {
        assertThat(manifests().workloads())
                .extracting(w -> w.template().getSpec().getContainers().get(0).getImage())
                .containsExactlyInAnyOrderElementsOf(HelmChart.production().workloads().stream()
                        .map(w -> w.template().getSpec().getContainers().get(0).getImage())
                        .toList());
    }
}
