package dev.engram.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What the platform occupies on this machine: each process's resident memory ({@code VmRSS} in
 * {@code /proc/<pid>/status}, for the pids {@code bin/engram up} wrote) and the size of a directory on disk.
 */
final class ProcessMemory {

    private ProcessMemory() {}

    /** Resident bytes per process of the pid folder; the processes not running, or not readable, are left out. */
    static Map<String, Long> resident(Path pidDirectory) {
        Map<String, Long> bytes = new TreeMap<>();
        PidFiles.read(pidDirectory).forEach((service, pid) -> {
            try {
                long resident = residentBytes(Files.readString(Path.of("/proc", pid.toString(), "status")));
                if (resident >= 0) {
                    bytes.put(service, resident);
                }
            } catch (IOException | RuntimeException e) {
                // Not running, or not this machine's: left out.
            }
        });
        return bytes;
    }

    /** The {@code VmRSS} line of a {@code /proc/<pid>/status} text, in bytes; -1 when absent. */
    static long residentBytes(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String[] fields = line.trim().split("\\s+");
                return Long.parseLong(fields[1]) * 1024;
            }
        }
        return -1;
    }

    /** Bytes of the regular files under {@code directory}; -1 when it does not exist. */
    static long directoryBytes(Path directory) {
        if (directory == null || !Files.isDirectory(directory)) {
            return -1;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(file -> {
                        try {
                            return Files.size(file);
                        } catch (IOException e) {
                            return 0; // merged away while walking
                        }
                    })
                    .sum();
        } catch (IOException | java.io.UncheckedIOException e) {
            return -1;
        }
    }
}
