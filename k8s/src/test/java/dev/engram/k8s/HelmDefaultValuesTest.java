package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import org.junit.jupiter.api.Test;

/** The chart as installed without values: embedded Lucene index, one replica each, autoscaled retrieval. */
class HelmDefaultValuesTest extends DeploymentRulesContract {

    private static Manifests rendered;

    @Override
    Manifests manifests() {
        if (rendered == null) {
            rendered = HelmChart.defaults();
        }
        return rendered;
    }

    @Test
    void the_chart_passes_strict_lint() {
        LintResult lint = HelmChart.lint();
        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    }

    @Test
    void the_lucene_index_lives_on_a_persistent_volume_of_a_single_replica_stateful_set() {
        Workload vector = manifests().workload("vector-service");
        assertThat(vector.kind()).isEqualTo("StatefulSet");
        assertThat(vector.replicas()).isEqualTo(1);
        StatefulSet set = manifests().all(StatefulSet.class).get(0);
        assertThat(set.getSpec().getVolumeClaimTemplates())
                .extracting(c -> c.getMetadata().getName())
                .containsExactly("index");
        var container = vector.template().getSpec().getContainers().get(0);
        String indexDir = ConfigRules.environment(manifests(), container).get("ENGRAM_VECTOR_INDEX_DIR");
        assertThat(container.getVolumeMounts())
                .anyMatch(m -> "index".equals(m.getName()) && m.getMountPath().equals(indexDir));
        assertThat(ConfigRules.environment(manifests(), container)).containsEntry("ENGRAM_VECTOR_STORE", "lucene");
    }

    @Test
    void api_keys_are_required_and_the_admin_key_comes_from_the_engram_admin_secret() {
        ConfigRules.authenticationOnWithAdminKeyFrom(manifests(), "engram-admin", "admin-key");
    }

    @Test
    void the_chart_renders_no_secret_and_writes_no_key() {
        assertThat(manifests().all(Secret.class)).as("Secrets rendered").isEmpty();
        for (Workload workload : manifests().workloads()) {
            assertThat(workload.container().getEnv())
                    .filteredOn(
                            var -> ConfigRules.SENSITIVE.matcher(var.getName()).matches())
                    .as(workload.name() + " credentials")
                    .allSatisfy(var -> {
                        assertThat(var.getValue()).as(var.getName() + " inline").isNull();
                        assertThat(var.getValueFrom().getSecretKeyRef())
                                .as(var.getName() + " from a Secret")
                                .isNotNull();
                    });
        }
    }

    @Test
    void the_chart_version_and_app_version_are_the_release_version() throws Exception {
        String chart = java.nio.file.Files.readString(Layout.chart().resolve("Chart.yaml"));
        assertThat(chart).contains("\nversion: " + Layout.releaseVersion() + "\n");
        assertThat(chart).contains("\nappVersion: \"" + Layout.releaseVersion() + "\"\n");
    }
}
