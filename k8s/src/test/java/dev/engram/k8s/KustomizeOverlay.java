package dev.engram.k8s;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.HashMap;
import java.util.Map;

/** Renders each overlay once per test run; skips, saying why, where no kustomize is installed. */
final class KustomizeOverlay {

    private static final Map<String, Manifests> RENDERED = new HashMap<>();

    private KustomizeOverlay() {}

    static synchronized Manifests render(String overlay) {
        assumeTrue(
                Kustomize.command().isPresent(),
                "kustomize overlays not checked: neither `kustomize` nor `kubectl` is on PATH (set KUSTOMIZE_BIN"
                        + " to a kustomize binary); the Helm chart checks ran regardless");
        return RENDERED.computeIfAbsent(overlay, name -> Kustomize.build(Layout.overlay(name)));
    }
}
