package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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
        for (String module : DeploymentRulesContract.databaseUsers()) {
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
    void a_non_boolean_authentication_switch_is_refused_by_the_schema() {
        assertThatThrownBy(() -> HelmChart.render(null, Map.of("auth.enabled", "yes")))
                .hasMessageContaining("/auth/enabled");
    }

    @Test
    void an_admin_key_written_into_the_values_is_refused_by_the_schema() {
        assertThatThrownBy(() -> HelmChart.render(null, Map.of("auth.adminKey.value", "k".repeat(40))))
                .hasMessageContaining("/auth/adminKey");
    }

    @Test
    void the_admin_key_secret_and_the_rate_limit_are_configurable() {
        Manifests manifests = HelmChart.render(
                null,
                Map.of(
                        "auth.adminKey.existingSecret", "gateway-bootstrap",
                        "auth.adminKey.secretKey", "token",
                        "auth.rateLimit.requestsPerSecond", "20",
                        "auth.rateLimit.burst", "40"));
        ConfigRules.authenticationOnWithAdminKeyFrom(manifests, "gateway-bootstrap", "token");
        assertThat(gatewayEnvironment(manifests))
                .containsEntry("ENGRAM_AUTH_RATE_LIMIT_ENABLED", "true")
                .containsEntry("ENGRAM_AUTH_RATE_LIMIT_REQUESTS_PER_SECOND", "20")
                .containsEntry("ENGRAM_AUTH_RATE_LIMIT_BURST", "40");
    }

    @Test
    void without_a_bootstrap_key_secret_the_gateway_still_requires_keys_but_reads_no_admin_key() {
        Manifests manifests = HelmChart.render(null, Map.of("auth.adminKey.existingSecret", ""));
        assertThat(gatewayEnvironment(manifests))
                .containsEntry("ENGRAM_AUTH_ENABLED", "true")
                .doesNotContainKey(ConfigRules.ADMIN_KEY);
    }

    @Test
    void with_authentication_off_the_gateway_reads_no_admin_key() {
        Manifests manifests = HelmChart.render(null, Map.of("auth.enabled", "false"));
        assertThat(gatewayEnvironment(manifests))
                .containsEntry("ENGRAM_AUTH_ENABLED", "false")
                .doesNotContainKey(ConfigRules.ADMIN_KEY)
                .containsKeys("ENGRAM_DB_HOST", "ENGRAM_DB_PASSWORD");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lintedValues")
    void the_chart_passes_strict_lint_with(String what, Path valuesFile, Map<String, Object> overrides) {
        LintResult lint = HelmChart.lint(valuesFile, overrides);
        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    }

    static Stream<Arguments> lintedValues() {
        Path production = Layout.chart().resolve("values-production.yaml");
        return Stream.of(
                Arguments.of("values-production.yaml", production, Map.of()),
                Arguments.of(
                        "values-production.yaml, an Ingress with TLS, another admin-key Secret",
                        production,
                        Map.of(
                                "gateway.ingress.enabled", true,
                                "gateway.ingress.host", "memory.example.com",
                                "gateway.ingress.tlsSecretName", "memory-tls",
                                "auth.adminKey.existingSecret", "gateway-bootstrap",
                                "auth.adminKey.secretKey", "token")),
                Arguments.of("authentication off", null, Map.of("auth.enabled", false)),
                Arguments.of(
                        "no bootstrap key, a lower rate limit",
                        null,
                        Map.of(
                                "auth.adminKey.existingSecret", "",
                                "auth.rateLimit.requestsPerSecond", 20,
                                "auth.rateLimit.burst", 40)),
                Arguments.of(
                        "Qdrant, fixed retrieval replicas, no NetworkPolicies",
                        null,
                        Map.of(
                                "vector.store", "qdrant",
                                "retrieval.autoscaling.enabled", false,
                                "networkPolicy.enabled", false)));
    }

    @Test
    void lint_sees_the_values_it_is_given() {
        LintResult lint = HelmChart.lint(null, Map.of("auth.enabled", "yes"));
        assertThat(lint.isFailed()).as("lint of a non-boolean auth.enabled").isTrue();
        assertThat(String.join("\n", lint.getMessages())).contains("/auth/enabled");
    }

    @Test
    void the_release_notes_show_how_to_create_the_admin_key_secret_and_the_first_api_key() {
        String notes = HelmChart.installNotes(Map.of());
        assertThat(notes)
                .contains("kubectl create secret generic engram-admin -n engram --from-literal=admin-key=")
                .contains("POST http://127.0.0.1:8080/v1/admin/projects ")
                .contains("POST http://127.0.0.1:8080/v1/admin/projects/my-project/keys ")
                .contains("DELETE http://127.0.0.1:8080/v1/admin/projects/my-project/keys/");
        assertThat(HelmChart.installNotes(Map.of("auth.enabled", "false")))
                .contains("Authentication is OFF")
                .doesNotContain("/v1/admin/projects");
    }

    @Test
    void network_policies_can_be_left_to_the_cluster_operator() {
        Manifests manifests = HelmChart.render(null, Map.of("networkPolicy.enabled", "false"));
        assertThat(manifests.networkPolicies()).isEmpty();
        assertThat(manifests.services()).extracting(Service::getMetadata).hasSize(5);
    }

    private static Map<String, String> gatewayEnvironment(Manifests manifests) {
        return ConfigRules.environment(
                manifests, manifests.workload(TrafficRules.GATEWAY).container());
    }
}
