package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import org.junit.jupiter.api.Test;

/** k8s/overlays/local: one replica each, the Lucene index on a PersistentVolume. */
class KustomizeLocalOverlayTest extends DeploymentRulesContract {

    @Override
    Manifests manifests() {
        return KustomizeOverlay.render("local");
    }

    @Test
    void the_lucene_index_lives_on_a_persistent_volume_of_a_single_replica_stateful_set() {
        Workload vector = manifests().workload("vector-service");
        assertThat(vector.kind()).isEqualTo("StatefulSet");
        assertThat(vector.replicas()).isEqualTo(1);
        StatefulSet set = manifests().all(StatefulSet.class).get(0);
        assertThat(set.getSpec().getServiceName()).isEqualTo("engram-vector-service");
        Container container = vector.template().getSpec().getContainers().get(0);
        String indexDir = ConfigRules.environment(manifests(), container).get("ENGRAM_VECTOR_INDEX_DIR");
        String claim =
                set.getSpec().getVolumeClaimTemplates().get(0).getMetadata().getName();
        assertThat(container.getVolumeMounts())
                .anyMatch(m -> m.getName().equals(claim) && m.getMountPath().equals(indexDir));
        assertThat(ConfigRules.environment(manifests(), container)).containsEntry("ENGRAM_VECTOR_STORE", "lucene");
    }

    @Test
    void the_postgresql_connection_comes_from_the_engram_postgres_secret() {
        for (String module : databaseUsers()) {
            Container container = manifests()
                    .workload(module)
                    .template()
                    .getSpec()
                    .getContainers()
                    .get(0);
            assertThat(container.getEnv())
                    .filteredOn(e -> e.getName().startsWith("ENGRAM_DB_"))
                    .hasSize(5)
                    .allSatisfy(e -> assertThat(ConfigRules.secretName(e)).isEqualTo("engram-postgres"));
        }
    }

    @Test
    void authentication_is_off_as_in_local_development_and_no_admin_key_is_needed() {
        Container gateway = manifests().workload(TrafficRules.GATEWAY).container();
        assertThat(ConfigRules.environment(manifests(), gateway)).containsEntry("ENGRAM_AUTH_ENABLED", "false");
        assertThat(gateway.getEnv()).extracting(EnvVar::getName).doesNotContain(ConfigRules.ADMIN_KEY);
    }

    @Test
    void everything_lands_in_the_engram_namespace() {
        assertThat(manifests().objects())
                .filteredOn(o -> !"Namespace".equals(o.getKind()))
                .allSatisfy(o -> assertThat(o.getMetadata().getNamespace())
                        .as(o.getKind() + " " + o.getMetadata().getName())
                        .isEqualTo("engram"));
    }
}
