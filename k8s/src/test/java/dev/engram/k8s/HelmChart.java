package dev.engram.k8s;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/** The chart, linted and rendered by the Helm library that helm-java embeds (no cluster, no network). */
final class HelmChart {

    static final String RELEASE = "engram";
    static final String NAMESPACE = "engram";
    /** The Kubernetes version rendered against: the oldest minor release the chart is meant for. */
    static final String KUBE_VERSION = "v1.25.0";

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private HelmChart() {}

    static LintResult lint() {
        return new Helm(Layout.chart()).lint().strict().call();
    }

    /**
     * {@code helm lint --strict -f valuesFile --set ...}. helm-java lints a chart directory with its own
     * values only, so this lints a copy of the chart whose values.yaml holds what Helm would compute:
     * the chart's values, the file's merged over them, then the overrides.
     */
    static LintResult lint(Path valuesFile, Map<String, Object> overrides) {
        Path copy = null;
        try {
            copy = Files.createTempDirectory("engram-chart");
            Path chart = copy.resolve(Layout.chart().getFileName());
            copyTree(Layout.chart(), chart);
            Map<String, Object> values = readValues(chart.resolve("values.yaml"));
            if (valuesFile != null) {
                mergeInto(values, readValues(valuesFile));
            }
            overrides.forEach((path, value) -> setPath(values, path, value));
            // JSON is YAML, and Helm reads it as such.
            Files.writeString(chart.resolve("values.yaml"), SERIALIZATION.asJson(values));
            return new Helm(chart).lint().strict().call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (copy != null) {
                deleteTree(copy);
            }
        }
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

    /** What {@code helm install} prints, NOTES.txt included, from a client-only dry run. */
    static String installNotes(Map<String, Object> overrides) {
        var install = new Helm(Layout.chart())
                .install()
                .withName(RELEASE)
                .withNamespace(NAMESPACE)
                .withKubeVersion(KUBE_VERSION)
                .dryRun()
                .clientOnly();
        for (Map.Entry<String, Object> override : overrides.entrySet()) {
            install = install.set(override.getKey(), override.getValue());
        }
        return install.call().getOutput();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readValues(Path file) throws IOException {
        Map<String, Object> values = SERIALIZATION.unmarshal(Files.readString(file), Map.class);
        return values == null ? new LinkedHashMap<>() : new LinkedHashMap<>(values);
    }

    /** Helm's coalescing: maps merge key by key, anything else replaces, null removes. */
    @SuppressWarnings("unchecked")
    private static void mergeInto(Map<String, Object> base, Map<String, Object> over) {
        over.forEach((key, value) -> {
            if (value == null) {
                base.remove(key);
            } else if (value instanceof Map<?, ?> map && base.get(key) instanceof Map<?, ?> existing) {
                Map<String, Object> merged = new LinkedHashMap<>((Map<String, Object>) existing);
                mergeInto(merged, (Map<String, Object>) map);
                base.put(key, merged);
            } else {
                base.put(key, value);
            }
        });
    }

    /** {@code --set a.b.c=value}, with the value already of the type Helm would parse it to. */
    @SuppressWarnings("unchecked")
    private static void setPath(Map<String, Object> values, String path, Object value) {
        String[] keys = path.split("\\.");
        Map<String, Object> current = values;
        for (int i = 0; i < keys.length - 1; i++) {
            Object next = current.get(keys[i]);
            Map<String, Object> child = next instanceof Map<?, ?> map
                    ? new LinkedHashMap<>((Map<String, Object>) map)
                    : new LinkedHashMap<>();
            current.put(keys[i], child);
            current = child;
        }
        current.put(keys[keys.length - 1], value);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
