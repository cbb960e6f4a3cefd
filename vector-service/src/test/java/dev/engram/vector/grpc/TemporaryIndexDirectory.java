package dev.engram.vector.grpc;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** Gives the application under test an empty index directory of its own, removed afterwards. */
public class TemporaryIndexDirectory implements QuarkusTestResourceLifecycleManager {

    private Path directory;

    @Override
    public Map<String, String> start() {
        try {
            directory = Files.createTempDirectory("engram-vector-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("engram.vector.index-dir", directory.toString());
    }

    @Override
    public void stop() {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
