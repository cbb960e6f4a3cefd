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
    void the_cpu_time_of_a_service_includes_its_running_and_ended_children() throws Exception {
        Files.writeString(pids.resolve("postgres.pid"), ProcessHandle.current().pid() + "\n");
        ServiceCpu cpu = ServiceCpu.of(pids);
        Map<String, Long> before = cpu.snapshot();

        // A child that burns CPU and ends: its time is the parent's once the child is reaped.
        Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done").start();
        assertThat(child.waitFor()).isZero();
        Map<String, Double> used = ServiceCpu.secondsBetween(before, cpu.snapshot());

        assertThat(used.get("postgres")).isGreaterThan(0.05);
    }

    @Test
    void the_postgres_server_is_found_through_its_own_pid_file_beside_the_pid_folder() throws Exception {
        Path run = pids.resolve("run");
        Files.createDirectories(run.resolve("pids"));
        Files.createDirectories(run.resolve("data/postgres"));
        Files.writeString(
                run.resolve("data/postgres/postmaster.pid"),
                ProcessHandle.current().pid() + "\n" + run.resolve("data/postgres") + "\n1700000000\n25432\n");

        assertThat(ServiceCpu.of(run.resolve("pids")).snapshot()).containsOnlyKeys("postgres");
    }

    @Test
    void the_parent_and_the_reaped_children_time_are_read_from_their_fields() {
        String stat = "4242 (postgres) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 40 0 1 2 3";

        assertThat(ServiceCpu.pidOf(stat)).isEqualTo(4242);
        assertThat(ServiceCpu.parentPid(stat)).isEqualTo(17);
        assertThat(ServiceCpu.reapedChildrenNanos(stat)).isEqualTo(50 * 10_000_000L);
    }

    @Test
    void no_pid_folder_means_no_services() {
        assertThat(ServiceCpu.of(pids.resolve("missing")).snapshot()).isEmpty();
        assertThat(ServiceCpu.of(null).snapshot()).isEmpty();
    }
}
