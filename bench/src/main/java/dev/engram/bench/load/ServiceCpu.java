package dev.engram.bench.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The CPU time the platform's services have used, read from {@code /proc/<pid>/stat} (user and system time of
 * all the process's threads) for each process whose pid {@code bin/engram up} wrote to its pid folder, with that of
 * its child processes: PostgreSQL's postmaster does little itself, the backends it forks do the work, and a backend
 * that has ended is counted in its parent's reaped-children time. The embedded PostgreSQL server detaches from the
 * launcher that started it, so its postmaster is found through PostgreSQL's own {@code postmaster.pid} in the run
 * folder's data and counted with the launcher as {@code postgres}. CPU time per request
 * does not depend on how busy the machine is otherwise, which latency does. Empty where there is no such folder
 * or no {@code /proc} (another operating system, or a platform on another machine).
 */
public final class ServiceCpu {

    private static final long TICK_NANOS = 10_000_000L;

    static final String POSTGRES = "postgres";

    private final Map<String, List<Long>> pids;

    private ServiceCpu(Map<String, List<Long>> pids) {
        this.pids = pids;
    }

    /**
     * The services with a pid file ({@code <service>.pid}) in the folder, and the PostgreSQL server whose data
     * lies beside it ({@code ../data/postgres}), as {@code bin/engram up} lays out its run folder.
     */
    public static ServiceCpu of(Path pidDirectory) {
        return of(
                pidDirectory,
                pidDirectory == null
                        ? null
                        : pidDirectory.resolveSibling("data").resolve(POSTGRES));
    }

    /** The services with a pid file in the folder, and the PostgreSQL server of that data directory (may be null). */
    public static ServiceCpu of(Path pidDirectory, Path postgresData) {
        Map<String, List<Long>> pids = new TreeMap<>();
        PidFiles.read(pidDirectory)
                .forEach((service, pid) ->
                        pids.computeIfAbsent(service, s -> new ArrayList<>()).add(pid));
        if (postgresData != null && Files.isRegularFile(postgresData.resolve("postmaster.pid"))) {
            PidFiles.pid(postgresData.resolve("postmaster.pid"))
                    .ifPresent(pid -> pids.computeIfAbsent(POSTGRES, s -> new ArrayList<>())
                            .add(pid));
        }
        return new ServiceCpu(pids);
    }

    /** Nanoseconds on a CPU so far, per service that is running now. */
    public Map<String, Long> snapshot() {
        Map<String, Long> used = new TreeMap<>();
        if (pids.isEmpty()) {
            return used;
        }
        Map<Long, List<String>> childrenByParent = childStatsByParent();
        // A listed process that is also another's child (a server its launcher did not detach) counts once.
        Set<Long> listed = new HashSet<>();
        pids.values().forEach(listed::addAll);
        pids.forEach((service, processes) -> {
            long nanos = 0;
            boolean running = false;
            for (long pid : processes) {
                try {
                    String own = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                    nanos += cpuNanos(own) + reapedChildrenNanos(own);
                    for (String child : childrenByParent.getOrDefault(pid, List.of())) {
                        if (!listed.contains(pidOf(child))) {
                            nanos += cpuNanos(child);
                        }
                    }
                    running = true;
                } catch (IOException | RuntimeException e) {
                    // Not running, or not this machine's: left out.
                }
            }
            if (running) {
                used.put(service, nanos);
            }
        });
        return used;
    }

    /** The {@code stat} line of every running process, by its parent's pid; empty without {@code /proc}. */
    private static Map<Long, List<String>> childStatsByParent() {
        Map<Long, List<String>> byParent = new HashMap<>();
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                try {
                    String stat = Files.readString(process.resolve("stat"));
                    byParent.computeIfAbsent(parentPid(stat), parent -> new ArrayList<>())
                            .add(stat);
                } catch (IOException | RuntimeException e) {
                    // Ended while the folder was read.
                }
            }
        } catch (IOException | RuntimeException e) {
            // No /proc: no children known.
        }
        return byParent;
    }

    /** Seconds on a CPU per service between two snapshots (the services in both). */
    public static Map<String, Double> secondsBetween(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Double> seconds = new TreeMap<>();
        after.forEach((service, nanos) -> {
            Long earlier = before.get(service);
            if (earlier != null) {
                seconds.put(service, (nanos - earlier) / 1e9);
            }
        });
        return seconds;
    }

    /**
     * User plus system time from a {@code /proc/<pid>/stat} line, in nanoseconds. Its fields 14 and 15 count clock
     * ticks of {@code USER_HZ}, which Linux fixes at 100 per second for user space; the name in parentheses may
     * hold spaces, so fields are counted after its closing parenthesis.
     */
    static long cpuNanos(String stat) {
        String[] fields = fieldsAfterName(stat);
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * TICK_NANOS;
    }

    /** The user and system time of children the process has waited for (fields 16 and 17), in nanoseconds. */
    static long reapedChildrenNanos(String stat) {
        String[] fields = fieldsAfterName(stat);
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * TICK_NANOS;
    }

    /** The process's own pid (field 1). */
    static long pidOf(String stat) {
        return Long.parseLong(stat.substring(0, stat.indexOf(' ')).trim());
    }

    /** The parent's pid (field 4). */
    static long parentPid(String stat) {
        return Long.parseLong(fieldsAfterName(stat)[1]);
    }

    /** The fields from the third (the state) on: the name in parentheses may hold spaces. */
    private static String[] fieldsAfterName(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }
}
