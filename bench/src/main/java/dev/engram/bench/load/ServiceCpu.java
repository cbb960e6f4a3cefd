package dev.engram.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU time the platform's services have used, read from {@code /proc/<pid>/stat} (user and system time of
 * all the process's threads) for each process whose pid {@code bin/engram up} wrote to its pid folder. CPU time per request
 * does not depend on how busy the machine is otherwise, which latency does. Empty where there is no such folder
 * or no {@code /proc} (another operating system, or a platform on another machine).
 */
public final class ServiceCpu {

    private static final long TICK_NANOS = 10_000_000L;

    private final Map<String, Long> pids;

    private ServiceCpu(Map<String, Long> pids) {
        this.pids = pids;
    }

    /** The services with a pid file ({@code <service>.pid}) in the folder. */
    public static ServiceCpu of(Path pidDirectory) {
        return new ServiceCpu(PidFiles.read(pidDirectory));
    }

    /** Nanoseconds on a CPU so far, per service that is running now. */
    public Map<String, Long> snapshot() {
        Map<String, Long> used = new TreeMap<>();
        pids.forEach((service, pid) -> {
            try {
                used.put(service, cpuNanos(Files.readString(Path.of("/proc", pid.toString(), "stat"))));
            } catch (IOException | RuntimeException e) {
                // Not running, or not this machine's: left out.
            }
        });
        return used;
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
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return ticks * TICK_NANOS;
    }
}
