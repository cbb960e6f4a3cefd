package dev.engram.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The processes {@code bin/engram up} started, from the pid files ({@code <service>.pid}) it wrote to a folder. */
final class PidFiles {

    private PidFiles() {}

    /** Service name -> pid; empty where there is no such folder or it cannot be read. */
    static Map<String, Long> read(Path pidDirectory) {
        Map<String, Long> pids = new TreeMap<>();
        if (pidDirectory == null || !Files.isDirectory(pidDirectory)) {
            return pids;
        }
        try (Stream<Path> files = Files.list(pidDirectory)) {
            files.filter(file -> file.getFileName().toString().endsWith(".pid"))
                    .forEach(file -> pid(file).ifPresent(pid -> pids.put(service(file), pid)));
        } catch (IOException e) {
            return Map.of();
        }
        return pids;
    }

    private static String service(Path pidFile) {
        String name = pidFile.getFileName().toString();
        return name.substring(0, name.length() - ".pid".length());
    }

    /** The pid a pid file starts with. */
    static Optional<Long> pid(Path pidFile) {
        try {
            // The launcher writes "<pid> <start time>", so that a pid reused by another process is not taken for it.
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim().split("\\s+")[0]));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
