package dev.engram.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** Every object of one rendering (a Helm release or a kustomize overlay), parsed into the Kubernetes model. */
record Manifests(String source, List<HasMetadata> objects) {

    static final String COMPONENT_LABEL = "app.kubernetes.io/component";

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
    private static final Pattern DOCUMENT_SEPARATOR = Pattern.compile("(?m)^---\\s*$");

    /** Parses multi-document YAML; an object of a kind the model does not know fails the parse. */
    static Manifests parse(String source, String yaml) {
        List<HasMetadata> objects = new ArrayList<>();
        for (String document : DOCUMENT_SEPARATOR.split(yaml)) {
            if (document.lines().allMatch(line -> line.isBlank() || line.trim().startsWith("#"))) {
                continue;
            }
            Object parsed = SERIALIZATION.unmarshal(document);
            if (!(parsed instanceof HasMetadata object)) {
                throw new IllegalArgumentException(source + ": not a Kubernetes object:\n" + document);
            }
            objects.add(object);
        }
        return new Manifests(source, List.copyOf(objects));
    }

    <T extends HasMetadata> List<T> all(Class<T> kind) {
        return objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    /** Deployments and StatefulSets, seen through what the rules look at. */
    List<Workload> workloads() {
        List<Workload> workloads = new ArrayList<>();
        for (Deployment d : all(Deployment.class)) {
            workloads.add(new Workload(
                    "Deployment",
                    d.getMetadata().getName(),
                    d.getSpec().getReplicas(),
                    d.getSpec().getSelector(),
                    d.getSpec().getTemplate()));
        }
        for (StatefulSet s : all(StatefulSet.class)) {
            workloads.add(new Workload(
                    "StatefulSet",
                    s.getMetadata().getName(),
                    s.getSpec().getReplicas(),
                    s.getSpec().getSelector(),
                    s.getSpec().getTemplate()));
        }
        return workloads;
    }

    Workload workload(String component) {
        return workloads().stream()
                .filter(w -> component.equals(w.component()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(source + ": no workload for " + component));
    }

    List<Service> services() {
        return all(Service.class);
    }

    Optional<Service> serviceNamed(String name) {
        return services().stream()
                .filter(s -> name.equals(s.getMetadata().getName()))
                .findFirst();
    }

    List<PodDisruptionBudget> podDisruptionBudgets() {
        return all(PodDisruptionBudget.class);
    }

    List<NetworkPolicy> networkPolicies() {
        return all(NetworkPolicy.class);
    }

    List<HorizontalPodAutoscaler> autoscalers() {
        return all(HorizontalPodAutoscaler.class);
    }

    List<Ingress> ingresses() {
        return all(Ingress.class);
    }

    /** A Deployment or StatefulSet. */
    record Workload(String kind, String name, Integer replicas, LabelSelector selector, PodTemplateSpec template) {

        Map<String, String> podLabels() {
            return template.getMetadata().getLabels();
        }

        String component() {
            return podLabels().get(COMPONENT_LABEL);
        }

        /** The service's own container: each pod runs exactly one. */
        Container container() {
            return template.getSpec().getContainers().get(0);
        }
    }
}
