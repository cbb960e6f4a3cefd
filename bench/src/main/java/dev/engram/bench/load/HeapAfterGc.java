package dev.engram.bench.load;

import dev.engram.bench.Progress;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap each Java process of the platform uses after a full collection, for the pids {@code bin/engram up}
 * wrote: what its live objects take, the figure that grows when a service keeps something per user it has seen.
 * Resident memory cannot show that, since a JVM keeps the heap it once grew to. Measured with the JDK's
 * {@code jcmd}: {@code GC.run}, then {@code GC.heap_info}; a process it cannot measure is left out, never estimated.
 */
final class HeapAfterGc {

    // jcmd gives up attaching after about 10 s; a full collection of a service's heap takes well under a minute.
    private static final Duration JCMD_TIMEOUT = Duration.ofMinutes(1);
    // G1 (" garbage-first heap   total 262144K, used 51234K [0x..."), and Serial and Parallel, which print one such
    // line per generation. Metaspace's lines have no "total", the spaces within a generation print "N% used".
    private static final Pattern TOTAL_USED = Pattern.compile("(?m)^\\s*\\S.*\\btotal\\b.*?\\bused (\\d+)([KMG]?)\\b");
    // ZGC: " ZHeap           used 42M, capacity 256M, max capacity 256M".
    private static final Pattern ZGC_USED = Pattern.compile("(?m)^\\s*ZHeap\\s+used (\\d+)([KMG]?)\\b");
    // Shenandoah: " 256M max, 256M soft max, 256M committed, 21022K used".
    private static final Pattern SHENANDOAH_USED = Pattern.compile("(?m)\\bcommitted, (\\d+)([KMG]?) used\\b");

    private final String jcmd;

    HeapAfterGc(String jcmd) {
        this.jcmd = jcmd;
    }

    /** With the jcmd of the JDK this bench runs on, else of {@code JAVA_HOME}, else the one on the PATH. */
    static HeapAfterGc ofThisJdk() {
        return new HeapAfterGc(jcmdCommand(ProcessHandle.current().info().command(), System.getenv("JAVA_HOME")));
    }

    /** jcmd beside {@code runningJava} or in {@code javaHome}'s bin, whichever is there first; else the bare name. */
    static String jcmdCommand(Optional<String> runningJava, String javaHome) {
        List<Path> candidates = new ArrayList<>();
        runningJava.map(java -> Path.of(java).resolveSibling("jcmd")).ifPresent(candidates::add);
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(Path.of(javaHome, "bin", "jcmd"));
        }
        return candidates.stream()
                .filter(Files::isExecutable)
                .findFirst()
                .map(Path::toString)
                .orElse("jcmd");
    }

    /** Whether the jcmd command names an executable file, as given or on the PATH. */
    boolean canRun() {
        if (jcmd.contains(File.separator)) {
            return Files.isExecutable(Path.of(jcmd));
        }
        String path = System.getenv("PATH");
        return path != null
                && Arrays.stream(path.split(File.pathSeparator))
                        .filter(directory -> !directory.isBlank())
                        .anyMatch(directory -> Files.isExecutable(Path.of(directory, jcmd)));
    }

    /** Bytes of heap in use after a full collection, per process of the pid folder that could be measured. */
    Map<String, Long> measure(Path pidDirectory) throws InterruptedException {
        Map<String, Long> bytes = new TreeMap<>();
        Map<String, Long> pids = PidFiles.read(pidDirectory);
        if (!pids.isEmpty() && !canRun()) {
            Progress.log("heap after a full GC not measured: no jcmd beside this java, in JAVA_HOME or on the PATH");
            return bytes;
        }
        for (Map.Entry<String, Long> process : pids.entrySet()) {
            OptionalLong used = measure(process.getKey(), process.getValue());
            if (used.isPresent()) {
                bytes.put(process.getKey(), used.getAsLong());
            }
        }
        return bytes;
    }

    private OptionalLong measure(String service, long pid) throws InterruptedException {
        // Attaching starts by sending SIGQUIT, which ends a process that is not a JVM (an external PostgreSQL).
        if (!isJava(pid)) {
            return OptionalLong.empty();
        }
        try {
            run(pid, "GC.run");
            OptionalLong used = usedBytes(run(pid, "GC.heap_info"));
            if (used.isEmpty()) {
                Progress.log("heap of %s (pid %d) not measured: GC.heap_info names no heap in use", service, pid);
            }
            return used;
        } catch (IOException e) {
            Progress.log("heap of %s (pid %d) not measured: %s", service, pid, e.getMessage());
            return OptionalLong.empty();
        }
    }

    private static boolean isJava(long pid) {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .flatMap(process -> process.info().command())
                .map(command -> Path.of(command).getFileName().toString().equals("java"))
                .orElse(false);
    }

    /** What {@code jcmd <pid> <command>} printed; an IOException when it could not run or did not succeed. */
    private String run(long pid, String command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("engram-jcmd", ".txt");
        try {
            Process process = new ProcessBuilder(jcmd, Long.toString(pid), command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(JCMD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException(
                        jcmd + " " + command + " did not finish within " + JCMD_TIMEOUT.toSeconds() + " s");
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(
                        jcmd + " " + command + " exited with " + process.exitValue() + ": " + lastLine(printed));
            }
            return printed;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1];
    }

    /**
     * The heap in use by a {@code jcmd <pid> GC.heap_info} text, in bytes: the whole heap's line, or the sum of the
     * generations' lines where the collector prints one per generation (Serial, Parallel); empty when it names none.
     */
    static OptionalLong usedBytes(String heapInfo) {
        long sum = 0;
        boolean found = false;
        for (Pattern pattern : List.of(TOTAL_USED, ZGC_USED, SHENANDOAH_USED)) {
            Matcher used = pattern.matcher(heapInfo);
            while (used.find()) {
                sum += Long.parseLong(used.group(1)) * unit(used.group(2));
                found = true;
            }
            if (found) {
                return OptionalLong.of(sum);
            }
        }
        return OptionalLong.empty();
    }

    private static long unit(String suffix) {
        return switch (suffix) {
            case "K" -> 1024L;
            case "M" -> 1024L * 1024;
            case "G" -> 1024L * 1024 * 1024;
            default -> 1L;
        };
    }
}
