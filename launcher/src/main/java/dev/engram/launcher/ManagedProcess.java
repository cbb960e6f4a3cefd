package dev.engram.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A background process known by a pid file, so that a later {@code bin/engram down} or {@code status}
 * in another JVM can find it again.
 */
public final class ManagedProcess {

    private static final Path SETSID = Path.of("/usr/bin/setsid");
    // The kernel reports start times in clock ticks; both readings round the same instant.
    private static final long START_TOLERANCE_MILLIS = 1000;

    private final String name;
    private final Path pidFile;
    private final Path logFile;

    public ManagedProcess(String name, Path pidDirectory, Path logDirectory) {
        this.name = name;
        this.pidFile = pidDirectory.resolve(name + ".pid");
        this.logFile = logDirectory.resolve(name + ".log");
    }

    public String name() {
        return name;
    }

    public Path logFile() {
        return logFile;
    }

    /**
     * Starts the command with output appended to the log file. It runs in a session of its own so
     * that it outlives the launcher and a Ctrl-C in the terminal that started it.
     */
    public long start(List<String> command) {
        return start(command, Map.of());
    }

    /** As {@link #start(List)}, with these variables added to the inherited environment. */
    public long start(List<String> command, Map<String, String> environment) {
        try {
            Files.createDirectories(pidFile.getParent());
            Files.createDirectories(logFile.getParent());
            List<String> full = new ArrayList<>();
            if (Files.isExecutable(SETSID)) {
                full.add(SETSID.toString());
            }
            full.addAll(command);
            ProcessBuilder builder = new ProcessBuilder(full);
            builder.environment().putAll(environment);
            Process process = builder.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            // The start time goes with the pid: after a reboot the same pid may be someone else's.
            long startedAt =
                    process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
            Files.writeString(pidFile, process.pid() + " " + startedAt);
            return process.pid();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name, e);
        }
    }

    /** The running process, if the pid file names one that is still alive. */
    public Optional<ProcessHandle> handle() {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        try {
            String[] recorded = Files.readString(pidFile).trim().split("\\s+");
            long pid = Long.parseLong(recorded[0]);
            long startedAt = recorded.length > 1 ? Long.parseLong(recorded[1]) : 0L;
            return ProcessHandle.of(pid)
                    .filter(ProcessHandle::isAlive)
                    .filter(process -> startedAt == 0L || sameStart(process, startedAt));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean sameStart(ProcessHandle process, long startedAt) {
        return process.info()
                .startInstant()
                .map(instant -> Math.abs(instant.toEpochMilli() - startedAt) < START_TOLERANCE_MILLIS)
                .orElse(true);
    }

    public boolean isRunning() {
        return handle().isPresent();
    }

    /** Asks the process to shut down gracefully, and kills it if it has not within the grace period. */
    public void stop(Duration grace) {
        handle().ifPresent(process -> {
            process.destroy();
            if (!awaitExit(process, grace)) {
                process.destroyForcibly();
                awaitExit(process, Duration.ofSeconds(10));
            }
        });
        deletePidFile();
    }

    /** Ends the process at once (SIGKILL), as a crash would. */
    public void kill() {
        handle().ifPresent(process -> {
            process.destroyForcibly();
            awaitExit(process, Duration.ofSeconds(10));
        });
        deletePidFile();
    }

    private void deletePidFile() {
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            return !process.isAlive();
        }
    }
}
