package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the chart's values change, and what values.schema.json refuses before anything is rendered. */
class HelmValuesTest {

    @Test
    void an_unknown_vector_store_is_refused_by_the_schema() {
        assertThatThrownBy(() -> HelmChart.render(null, Map.of("vector.store", "faiss")))
                .hasMessageContaining("/vector/store");
    }

    @Test
    void a_misspelt_top_level_key_is_refused_by_the_schema() {
        assertThatThrownBy(() -> HelmChart.render(null, Map.of("retreival.replicas", "3")))
                .hasMessageContaining("retreival");
    }

    @Test
    void an_autoscaler_whose_minimum_exceeds_its_maximum_is_refused() {
        assertThatThrownBy(() -> HelmChart.render(
                        null,
                        Map.of("retrieval.autoscaling.minReplicas", "5", "retrieval.autoscaling.maxReplicas", "3")))
                .hasMessageContaining("minReplicas must not exceed maxReplicas");
    }

    @Test
    void a_grace_period_too_short_to_drain_is_refused() {
        assertThatThrownBy(() -> HelmChart.render(
                        null, Map.of("terminationGracePeriodSeconds", "15", "preStopSleepSeconds", "10")))
                .hasMessageContaining("terminationGracePeriodSeconds");
    }

    @Test
    void without_autoscaling_the_retrieval_agent_runs_its_fixed_replica_count() {
        Manifests manifests =
                HelmChart.render(null, Map.of("retrieval.autoscaling.enabled", "false", "retrieval.replicas", "3"));
        assertThat(manifests.autoscalers()).isEmpty();
        assertThat(manifests.workload("retrieval-agent-service").replicas()).isEqualTo(3);
    }

    @Test
    void an_enabled_ingress_leads_to_the_gateway_only() {
        Manifests manifests = HelmChart.render(
                null,
                Map.of(
                        "gateway.ingress.enabled", "true",
                        "gateway.ingress.host", "memory.example.com",
                        "gateway.ingress.tlsSecretName", "memory-tls"));
        Ingress ingress = manifests.ingresses().get(0);
        assertThat(ingress.getSpec().getRules().get(0).getHost()).isEqualTo("memory.example.com");
        assertThat(ingress.getSpec().getTls().get(0).getSecretName()).isEqualTo("memory-tls");
        TrafficRules.onlyTheGatewayIsExposed(manifests);
    }

    @Test
    void images_follow_the_configured_repository_and_tag() {
        Manifests manifests =
                HelmChart.render(null, Map.of("image.repository", "registry.example.com/engram", "image.tag", "1.2.3"));
        assertThat(manifests.workloads())
                .allSatisfy(w -> assertThat(
                                w.template().getSpec().getContainers().get(0).getImage())
                        .isEqualTo("registry.example.com/engram/" + w.component() + ":1.2.3"));
    }

    @Test
    void the_postgresql_address_and_credentials_secret_are_configurable() {
        Manifests manifests = HelmChart.render(
                null,
                Map.of(
                        "postgresql.host", "db.internal",
                        "postgresql.port", "6432",
                        "postgresql.existingSecret", "pg-credentials"));
        for (String module : new String[] {"ingest-service", "profile-service"}) {
            var container = manifests
                    .workload(module)
                    .template()
                    .getSpec()
                    .getContainers()
                    .get(0);
            assertThat(ConfigRules.environment(manifests, container))
                    .containsEntry("ENGRAM_DB_HOST", "db.internal")
                    .containsEntry("ENGRAM_DB_PORT", "6432");
            assertThat(container.getEnv())
                    .filteredOn(e -> e.getName().equals("ENGRAM_DB_PASSWORD"))
                    .singleElement()
                    .satisfies(
                            e -> assertThat(e.getValueFrom().getSecretKeyRef().getName())
                                    .isEqualTo("pg-credentials"));
        }
    }

    @Test
    void network_policies_can_be_left_to_the_cluster_operator() {
        Manifests manifests = HelmChart.render(null, Map.of("networkPolicy.enabled", "false"));
        assertThat(manifests.networkPolicies()).isEmpty();
        assertThat(manifests.services()).extracting(Service::getMetadata).hasSize(5);
    }
}
