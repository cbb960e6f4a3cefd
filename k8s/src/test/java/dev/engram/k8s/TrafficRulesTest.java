package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The egress rule judges a restriction the manifests do not ship today: these cases show that it would catch a
 * policy that cuts the gateway off from PostgreSQL, and accept one that leaves it a way out.
 */
class TrafficRulesTest {

    private static final String ONLY_DNS = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata:
              name: gateway-egress
            spec:
              podSelector:
                matchLabels:
                  app.kubernetes.io/component: gateway
              policyTypes: [Egress]
              egress:
                - ports:
                    - port: 53
                      protocol: UDP
            """;

    private static final String POSTGRESQL_RANGE = """
            apiVersion: networking.k8s.io/v1
            kind: NetworkPolicy
            metadata:
              name: gateway-postgresql
            spec:
              podSelector:
                matchLabels:
                  app.kubernetes.io/component: gateway
              policyTypes: [Egress]
              egress:
                - to:
                    - ipBlock:
                        cidr: 10.20.0.0/16
                  ports:
                    - port: 5432
                      protocol: TCP
            """;

    @Test
    void an_egress_policy_without_postgresql_cuts_the_gateway_off() {
        Manifests manifests = withPolicies(ONLY_DNS);
        Workload gateway = manifests.workload(TrafficRules.GATEWAY);
        assertThatThrownBy(() -> TrafficRules.egressAdmitsExternalPort(manifests, gateway, 5432, "PostgreSQL"))
                .hasMessageContaining("may reach PostgreSQL on TCP port 5432");
    }

    @Test
    void an_egress_policy_that_admits_the_database_range_on_its_port_lets_the_gateway_through() {
        Manifests manifests = withPolicies(ONLY_DNS, POSTGRESQL_RANGE);
        Workload gateway = manifests.workload(TrafficRules.GATEWAY);
        assertThatCode(() -> TrafficRules.egressAdmitsExternalPort(manifests, gateway, 5432, "PostgreSQL"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TrafficRules.egressAdmitsExternalPort(manifests, gateway, 6432, "PostgreSQL"))
                .isInstanceOf(AssertionError.class);
    }

    private static Manifests withPolicies(String... policies) {
        Manifests chart = HelmChart.defaults();
        List<HasMetadata> objects = new ArrayList<>(chart.objects());
        for (String policy : policies) {
            objects.addAll(Manifests.parse("test policy", policy).objects());
        }
        return new Manifests(chart.source() + " with egress policies", objects);
    }
}
