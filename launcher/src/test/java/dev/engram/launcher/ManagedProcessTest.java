package dev.engram.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagedProcessTest {

    @TempDir
    Path run;

    @Test
    void a_started_process_is_found_again_through_its_pid_file_and_stopped() {
        ManagedProcess process = new ManagedProcess("sleeper", run.resolve("pids"), run.resolve("logs"));

        long pid = process.start(List.of("sleep", "30"));

        ManagedProcess seenFromAnotherLauncher =
                new ManagedProcess("sleeper", run.resolve("pids"), run.resolve("logs"));
        assertThat(seenFromAnotherLauncher.handle()).map(ProcessHandle::pid).contains(pid);
        seenFromAnotherLauncher.stop(Duration.ofSeconds(5));
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(process.isRunning()).isFalse();
    }

    @Test
    void a_pid_now_used_by_another_process_is_not_mistaken_for_the_service() throws IOException {
        ManagedProcess process = new ManagedProcess("gateway", run.resolve("pids"), run.resolve("logs"));
        Files.createDirectories(run.resolve("pids"));
        long ourOwnPid = ProcessHandle.current().pid();
        Files.writeString(run.resolve("pids/gateway.pid"), ourOwnPid + " 1000");

        assertThat(process.isRunning()).isFalse();
    }
}
