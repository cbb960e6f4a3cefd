package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The chart with values-production.yaml: Qdrant, and every stateless service replicated. */
class HelmProductionValuesTest extends DeploymentRulesContract {

    private static Manifests rendered;

    @Override
    Manifests manifests() {
        if (rendered == null) {
            rendered = HelmChart.production();
        }
        return rendered;
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
        Map<String, String> env = ConfigRules.environment(
                manifests(), vector.template().getSpec().getContainers().get(0));
        assertThat(env)
                .containsEntry("ENGRAM_VECTOR_STORE", "qdrant")
                .containsEntry("ENGRAM_VECTOR_QDRANT_HOST", "qdrant")
                .containsEntry("ENGRAM_VECTOR_QDRANT_PORT", "6334")
                .containsKey("ENGRAM_VECTOR_QDRANT_API_KEY");
    }

    @Test
    void api_keys_are_required_and_the_admin_key_comes_from_the_engram_admin_secret() {
        ConfigRules.authenticationOnWithAdminKeyFrom(manifests(), "engram-admin", "admin-key");
    }

    @Test
    void the_retrieval_agent_scales_between_its_production_bounds() {
        assertThat(autoscaler().getSpec().getMinReplicas()).isEqualTo(2);
        assertThat(autoscaler().getSpec().getMaxReplicas()).isEqualTo(10);
    }
}
