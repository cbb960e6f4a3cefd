package dev.engram.k8s;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Renders an overlay with the real kustomize: a {@code kustomize} binary, else {@code kubectl
 * kustomize}. There is no kustomize for the JVM, and re-implementing its patch semantics here would
 * check a copy, not kustomize; without either binary the overlay tests are skipped (they say so).
 */
final class Kustomize {

    private Kustomize() {}

    /** The command prefix that renders a directory, when a kustomize implementation is installed. */
    static Optional<List<String>> command() {
        String explicit = System.getenv("KUSTOMIZE_BIN");
        if (explicit != null && !explicit.isBlank()) {
            return Optional.of(List.of(explicit, "build"));
        }
        Optional<Path> kustomize = onPath("kustomize");
        if (kustomize.isPresent()) {
            return Optional.of(List.of(kustomize.get().toString(), "build"));
        }
        return onPath("kubectl").map(kubectl -> List.of(kubectl.toString(), "kustomize"));
    }

    static Manifests build(Path directory) {
        List<String> command = new ArrayList<>(
                command().orElseThrow(() -> new IllegalStateException("neither kustomize nor kubectl is installed")));
        command.add(directory.toString());
        try {
            Path output = Files.createTempFile("kustomize", ".yaml");
            Path errors = Files.createTempFile("kustomize", ".err");
            try {
                Process process = new ProcessBuilder(command)
                        .redirectOutput(output.toFile())
                        .redirectError(errors.toFile())
                        .start();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not finish in 60 s");
                }
                if (process.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " failed:\n"
                            + Files.readString(errors, StandardCharsets.UTF_8));
                }
                return Manifests.parse(
                        "kustomize " + Layout.k8s().relativize(directory),
                        Files.readString(output, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(output);
                Files.deleteIfExists(errors);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static Optional<Path> onPath(String executable) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, executable);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
