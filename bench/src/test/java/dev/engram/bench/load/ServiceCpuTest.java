package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceCpuTest {

    @TempDir
    Path pids;

    @Test
    void the_cpu_time_of_each_running_service_is_read_and_a_gone_one_is_left_out() throws Exception {
        Files.writeString(pids.resolve("gateway.pid"), ProcessHandle.current().pid() + " 2026-12-03T20:00:00Z\n");
        Files.writeString(pids.resolve("vector-service.pid"), "999999999\n");
        Files.writeString(pids.resolve("notes.txt"), "not a pid file");
        ServiceCpu cpu = ServiceCpu.of(pids);

        Map<String, Long> before = cpu.snapshot();
        long spin = 0;
        for (long end = System.nanoTime() + 200_000_000L; System.nanoTime() < end; ) {
            spin++;
        }
        Map<String, Double> used = ServiceCpu.secondsBetween(before, cpu.snapshot());

        assertThat(spin).isPositive();
        assertThat(used).containsOnlyKeys("gateway");
        assertThat(used.get("gateway")).isGreaterThan(0.05);
    }

    @Test
    void user_and_system_ticks_are_read_after_a_name_with_spaces() {
        String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 40 0 1 2 3";

        assertThat(ServiceCpu.cpuNanos(stat)).isEqualTo(300 * 10_000_000L);
    }

    @Test
    void no_pid_folder_means_no_services() {
        assertThat(ServiceCpu.of(pids.resolve("missing")).snapshot()).isEmpty();
        assertThat(ServiceCpu.of(null).snapshot()).isEmpty();
    }
}
