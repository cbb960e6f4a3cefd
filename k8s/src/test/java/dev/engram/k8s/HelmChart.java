package dev.engram.k8s;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.nio.file.Path;
import java.util.Map;

/** The chart, linted and rendered by the Helm library that helm-java embeds (no cluster, no network). */
final class HelmChart {

    static final String RELEASE = "engram";
    static final String NAMESPACE = "engram";
    /** The Kubernetes version rendered against: the oldest minor release the chart is meant for. */
    static final String KUBE_VERSION = "v1.25.0";

    private HelmChart() {}

    static LintResult lint() {
        return new Helm(Layout.chart()).lint().strict().call();
    }

    static Manifests defaults() {
        return render(null, Map.of());
    }

    static Manifests production() {
        return render(Layout.chart().resolve("values-production.yaml"), Map.of());
    }

    /** Renders with an optional values file and --set overrides; Helm's errors surface as exceptions. */
    static Manifests render(Path valuesFile, Map<String, Object> overrides) {
        TemplateCommand template = new Helm(Layout.chart())
                .template()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION);
        if (valuesFile != null) {
            template = template.withValuesFile(valuesFile);
        }
        for (Map.Entry<String, Object> override : overrides.entrySet()) {
            template = template.set(override.getKey(), override.getValue());
        }
        String source =
                "helm template" + (valuesFile == null ? "" : " -f " + valuesFile.getFileName()) + " " + overrides;
        return Manifests.parse(source.trim(), template.call());
    }
}
