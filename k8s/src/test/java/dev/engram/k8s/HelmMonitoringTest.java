package dev.engram.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The ServiceMonitor and the Grafana dashboard: off by default, and when on, they reach what the services export. */
class HelmMonitoringTest {

    private static final Map<String, Object> MONITORED = Map.of(
            "metrics.serviceMonitor.enabled", "true",
            "metrics.serviceMonitor.labels.release", "kube-prometheus-stack",
            "metrics.dashboard.enabled", "true");
    private static final Pattern METRIC = Pattern.compile("\\b(engram_[a-z_]+|http_server_[a-z_]+|jvm_[a-z_]+)\\{");
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    @Test
    void neither_is_rendered_by_default() {
        Manifests manifests = HelmChart.defaults();

        assertThat(serviceMonitors(manifests)).isEmpty();
        assertThat(manifests.all(ConfigMap.class))
                .noneMatch(map -> map.getData().containsKey("engram.json"));
    }

    @Test
    void the_chart_with_both_passes_strict_lint() {
        LintResult lint = HelmChart.lint(
                null,
                Map.of(
                        "metrics",
                        Map.of(
                                "serviceMonitor",
                                        Map.of("enabled", true, "labels", Map.of("release", "kube-prometheus-stack")),
                                "dashboard", Map.of("enabled", true))));

        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    }

    @Test
    void the_service_monitor_scrapes_the_metrics_port_of_every_service_of_the_release() {
        Manifests manifests = HelmChart.render(null, MONITORED);
        GenericKubernetesResource monitor = serviceMonitors(manifests).get(0);

        assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "kube-prometheus-stack");
        Map<String, String> selector = monitor.get("spec", "selector", "matchLabels");
        List<Map<String, Object>> endpoints = monitor.get("spec", "endpoints");
        Set<String> scrapedPorts = endpoints.stream()
                .map(endpoint -> (String) endpoint.get("port"))
                .collect(Collectors.toSet());
        assertThat(endpoints).allSatisfy(endpoint -> assertThat(endpoint).containsEntry("path", "/q/metrics"));
        assertThat(manifests.services()).hasSize(5).allSatisfy(service -> {
            assertThat(service.getMetadata().getLabels()).containsAllEntriesOf(selector);
            assertThat(service.getSpec().getPorts())
                    .as("a scraped port of %s", service.getMetadata().getName())
                    .extracting(ServicePort::getName)
                    .containsAnyElementsOf(scrapedPorts);
            assertThat(service.getSpec().getPorts())
                    .allSatisfy(port -> assertThat(port.getTargetPort().getStrVal())
                            .as("metrics are served on the HTTP port")
                            .isEqualTo("http"));
        });
    }

    @Test
    void the_dashboard_is_shipped_as_a_config_map_for_grafanas_sidecar() throws IOException {
        ConfigMap dashboard = HelmChart.render(null, MONITORED).all(ConfigMap.class).stream()
                .filter(map -> map.getData().containsKey("engram.json"))
                .findFirst()
                .orElseThrow();

        assertThat(dashboard.getMetadata().getLabels()).containsEntry("grafana_dashboard", "1");
        assertThat(dashboard.getData().get("engram.json").strip())
                .isEqualTo(Files.readString(Layout.chart().resolve("dashboards/engram.json"))
                        .strip());
    }

    @Test
    void every_dashboard_query_is_scoped_to_its_namespace_and_reads_only_documented_metrics() throws IOException {
        String operations = Files.readString(Layout.repositoryRoot().resolve("docs/operations.md"));
        List<Map<String, Object>> panels = panels();

        assertThat(panels).isNotEmpty();
        for (Map<String, Object> panel : panels) {
            assertThat(panel).containsEntry("datasource", Map.of("type", "prometheus", "uid", "${datasource}"));
            List<Map<String, Object>> targets = (List<Map<String, Object>>) panel.get("targets");
            assertThat(targets).as("queries of %s", panel.get("title")).isNotEmpty();
            for (Map<String, Object> target : targets) {
                String expr = (String) target.get("expr");
                assertThat(expr).as(panel.get("title") + ": " + expr).contains("namespace=\"$namespace\"");
                Matcher metric = METRIC.matcher(expr);
                assertThat(metric.find()).as("%s names a metric", expr).isTrue();
                do {
                    String name = metric.group(1);
                    if (name.startsWith("engram_")) {
                        assertThat(operations)
                                .as("%s, read by the panel %s, is listed in operations.md", name, panel.get("title"))
                                .contains(documentedName(name));
                    }
                    if (expr.contains("histogram_quantile")) {
                        assertThat(name)
                                .as("a quantile is computed from buckets")
                                .endsWith("_bucket");
                    }
                } while (metric.find());
            }
        }
    }

    /** The name operations.md lists: a histogram's series without their suffix, counters with {@code _total}. */
    private static String documentedName(String series) {
        return series.replaceFirst("_(bucket|count|sum)$", "");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> panels() throws IOException {
        Map<String, Object> dashboard =
                SERIALIZATION.unmarshal(Files.readString(Layout.chart().resolve("dashboards/engram.json")), Map.class);
        assertThat(dashboard).containsKeys("uid", "title", "templating");
        return (List<Map<String, Object>>) dashboard.get("panels");
    }

    private static List<GenericKubernetesResource> serviceMonitors(Manifests manifests) {
        return manifests.objects().stream()
                .filter(object -> "ServiceMonitor".equals(object.getKind()))
                .map(HelmMonitoringTest::generic)
                .toList();
    }

    private static GenericKubernetesResource generic(HasMetadata object) {
        return object instanceof GenericKubernetesResource resource
                ? resource
                : SERIALIZATION.convertValue(object, GenericKubernetesResource.class);
    }
}
