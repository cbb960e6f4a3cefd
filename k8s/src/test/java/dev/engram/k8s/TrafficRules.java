package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.k8s.Manifests.Workload;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Rules about who may reach which pod, and about disruptions. */
final class TrafficRules {

    static final String GATEWAY = "gateway";

    private TrafficRules() {}

    /** Services other than the gateway's stay inside the cluster, and an Ingress leads only to the gateway. */
    static void onlyTheGatewayIsExposed(Manifests manifests) {
        for (Service service : manifests.services()) {
            String component = service.getSpec().getSelector().get(Manifests.COMPONENT_LABEL);
            String type = service.getSpec().getType() == null
                    ? "ClusterIP"
                    : service.getSpec().getType();
            if (!GATEWAY.equals(component)) {
                assertThat(type).as(service.getMetadata().getName() + " type").isEqualTo("ClusterIP");
            }
        }
        Service gateway = manifests.services().stream()
                .filter(s -> GATEWAY.equals(s.getSpec().getSelector().get(Manifests.COMPONENT_LABEL)))
                .findFirst()
                .orElseThrow(() -> new AssertionError(manifests.source() + ": no Service for the gateway"));
        manifests
                .ingresses()
                .forEach(ingress -> ingress.getSpec()
                        .getRules()
                        .forEach(rule -> rule.getHttp()
                                .getPaths()
                                .forEach(path -> assertThat(
                                                path.getBackend().getService().getName())
                                        .as(ingress.getMetadata().getName() + " backend")
                                        .isEqualTo(gateway.getMetadata().getName()))));
    }

    /**
     * Kubernetes admits traffic to a pod that some policy selects only if one of those policies allows
     * it. The gateway must be open on its port; every other service only to the pods of the services
     * that call it (from their configuration) and to a Prometheus selected by namespace.
     */
    static void ingressOnlyFromCallers(Manifests manifests, Workload workload, int port, Set<String> callers) {
        List<NetworkPolicy> policies = manifests.networkPolicies().stream()
                .filter(p -> LabelSelectors.matches(p.getSpec().getPodSelector(), workload.podLabels()))
                .filter(p -> p.getSpec().getPolicyTypes() == null
                        || p.getSpec().getPolicyTypes().contains("Ingress"))
                .toList();
        assertThat(policies)
                .as(workload.name() + " is selected by an ingress NetworkPolicy")
                .isNotEmpty();
        List<NetworkPolicyIngressRule> rules = policies.stream()
                .flatMap(p -> p.getSpec().getIngress() == null
                        ? java.util.stream.Stream.empty()
                        : p.getSpec().getIngress().stream())
                .toList();
        rules.forEach(rule -> assertThat(allowsPort(rule, workload, port))
                .as(workload.name() + ": a rule opens a port other than the service's " + port)
                .isTrue());
        if (GATEWAY.equals(workload.component())) {
            assertThat(rules)
                    .as("the gateway accepts clients from anywhere")
                    .anyMatch(rule -> rule.getFrom() == null || rule.getFrom().isEmpty());
            return;
        }
        Set<String> admitted = new TreeSet<>();
        for (NetworkPolicyIngressRule rule : rules) {
            assertThat(rule.getFrom())
                    .as(workload.name() + " admits only named peers")
                    .isNotEmpty();
            for (NetworkPolicyPeer peer : rule.getFrom()) {
                assertThat(peer.getIpBlock())
                        .as(workload.name() + " admits no address ranges")
                        .isNull();
                if (peer.getNamespaceSelector() != null) {
                    assertThat(LabelSelectors.isEmpty(peer.getNamespaceSelector()))
                            .as(workload.name() + " admits other namespaces only by name (Prometheus)")
                            .isFalse();
                    continue;
                }
                manifests.workloads().stream()
                        .filter(w -> LabelSelectors.matches(peer.getPodSelector(), w.podLabels()))
                        .forEach(w -> admitted.add(w.component()));
            }
        }
        assertThat(admitted).as(workload.name() + " admits exactly its callers").isEqualTo(callers);
    }

    /**
     * A pod's egress is restricted once a policy selecting it has the Egress type (listed, or implied by
     * egress rules without policyTypes); then only what those policies' egress rules admit leaves the pod.
     * PostgreSQL runs outside the platform at an address the manifests cannot know, so a rule must admit
     * its TCP port towards any destination (no {@code to}) or towards an address range.
     */
    static void egressAdmitsExternalPort(Manifests manifests, Workload workload, int port, String what) {
        List<NetworkPolicy> restricting = manifests.networkPolicies().stream()
                .filter(p -> LabelSelectors.matches(p.getSpec().getPodSelector(), workload.podLabels()))
                .filter(TrafficRules::restrictsEgress)
                .toList();
        if (restricting.isEmpty()) {
            return; // no policy restricts this pod's egress: every destination is allowed
        }
        assertThat(restricting.stream()
                        .flatMap(p ->
                                p.getSpec().getEgress() == null ? Stream.empty() : p.getSpec().getEgress().stream())
                        .anyMatch(rule -> admitsAnyAddress(rule) && admitsTcpPort(rule, port)))
                .as(workload.name() + " may reach " + what + " on TCP port " + port)
                .isTrue();
    }

    private static boolean restrictsEgress(NetworkPolicy policy) {
        List<String> types = policy.getSpec().getPolicyTypes();
        if (types == null || types.isEmpty()) {
            return policy.getSpec().getEgress() != null
                    && !policy.getSpec().getEgress().isEmpty();
        }
        return types.contains("Egress");
    }

    private static boolean admitsAnyAddress(NetworkPolicyEgressRule rule) {
        return rule.getTo() == null
                || rule.getTo().isEmpty()
                || rule.getTo().stream().anyMatch(peer -> peer.getIpBlock() != null);
    }

    private static boolean admitsTcpPort(NetworkPolicyEgressRule rule, int port) {
        if (rule.getPorts() == null || rule.getPorts().isEmpty()) {
            return true;
        }
        return rule.getPorts().stream().anyMatch(p -> {
            boolean tcp = p.getProtocol() == null || "TCP".equals(p.getProtocol());
            if (!tcp) {
                return false;
            }
            if (p.getPort() == null) {
                return true;
            }
            Integer first = p.getPort().getIntVal();
            int last = p.getEndPort() == null ? (first == null ? -1 : first) : p.getEndPort();
            return first != null && first <= port && port <= last;
        });
    }

    private static boolean allowsPort(NetworkPolicyIngressRule rule, Workload workload, int port) {
        if (rule.getPorts() == null || rule.getPorts().isEmpty()) {
            return false;
        }
        var container = workload.template().getSpec().getContainers().get(0);
        return rule.getPorts().stream().allMatch(p -> {
            IntOrString value = p.getPort();
            return value != null && PodRules.resolvePort(container, value.getIntVal(), value.getStrVal()) == port;
        });
    }

    /** One budget per workload, and it must leave a drain able to evict a pod. */
    static void disruptionBudgetAllowsEviction(Manifests manifests, Workload workload, int replicas) {
        List<PodDisruptionBudget> budgets = manifests.podDisruptionBudgets().stream()
                .filter(b -> LabelSelectors.matches(b.getSpec().getSelector(), workload.podLabels()))
                .toList();
        assertThat(budgets).as(workload.name() + " PodDisruptionBudgets").hasSize(1);
        PodDisruptionBudget budget = budgets.get(0);
        IntOrString maxUnavailable = budget.getSpec().getMaxUnavailable();
        IntOrString minAvailable = budget.getSpec().getMinAvailable();
        if (maxUnavailable != null) {
            assertThat(maxUnavailable.getIntVal())
                    .as(workload.name() + " maxUnavailable")
                    .isPositive();
        } else {
            assertThat(minAvailable)
                    .as(workload.name() + " budget sets minAvailable or maxUnavailable")
                    .isNotNull();
            assertThat(minAvailable.getIntVal())
                    .as(workload.name() + " minAvailable")
                    .isLessThan(replicas);
        }
    }
}
