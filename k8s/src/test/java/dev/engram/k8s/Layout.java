package dev.engram.k8s;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the deployment sources and the services' sources are, and which release they belong to. */
final class Layout {

    private Layout() {}

    /** The k8s module; Maven passes it, and runs tests from it when run by hand. */
    static Path k8s() {
        Path dir = Path.of(System.getProperty("engram.k8s.dir", "."))
                .toAbsolutePath()
                .normalize();
        if (!Files.isDirectory(dir.resolve("helm/engram"))) {
            throw new IllegalStateException(dir + " is not the k8s module");
        }
        return dir;
    }

    static Path repositoryRoot() {
        return k8s().getParent();
    }

    static Path chart() {
        return k8s().resolve("helm/engram");
    }

    static Path overlay(String name) {
        return k8s().resolve("overlays").resolve(name);
    }

    /** The Maven project version: the image tag every manifest must use. */
    static String releaseVersion() {
        String version = System.getProperty("engram.version");
        if (version == null || version.isBlank()) {
            throw new IllegalStateException("run through Maven: the engram.version system property is missing");
        }
        return version;
    }
}
