package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeapAfterGcTest {

    // What jcmd <pid> GC.heap_info printed after GC.run, JDK 17.0.15, one JVM per collector.
    private static final String G1 = """
            22633:
             garbage-first heap   total 147456K, used 41997K [0x00000000f0000000, 0x0000000100000000)
              region size 1024K, 0 young (0K), 0 survivors (0K)
             Metaspace       used 74K, committed 320K, reserved 1114112K
              class space    used 3K, committed 128K, reserved 1048576K
            """;
    private static final String SERIAL = """
            22693:
             def new generation   total 78656K, used 512K [0x00000000f0000000, 0x00000000f5550000, 0x00000000f5550000)
              eden space 69952K,   0% used [0x00000000f0000000, 0x00000000f0000000, 0x00000000f4450000)
              from space 8704K,   0% used [0x00000000f4450000, 0x00000000f4450000, 0x00000000f4cd0000)
              to   space 8704K,   0% used [0x00000000f4cd0000, 0x00000000f4cd0000, 0x00000000f5550000)
             tenured generation   total 174784K, used 20929K [0x00000000f5550000, 0x0000000100000000, 0x0000000100000000)
               the space 174784K,  11% used [0x00000000f5550000, 0x00000000f69c0590, 0x00000000f69c0600, 0x0000000100000000)
             Metaspace       used 113K, committed 320K, reserved 1114112K
              class space    used 3K, committed 128K, reserved 1048576K
            """;
    private static final String PARALLEL = """
            22748:
             PSYoungGen      total 76288K, used 0K [0x00000000fab00000, 0x0000000100000000, 0x0000000100000000)
              eden space 65536K, 0% used [0x00000000fab00000,0x00000000fab00000,0x00000000feb00000)
              from space 10752K, 0% used [0x00000000feb00000,0x00000000feb00000,0x00000000ff580000)
              to   space 10752K, 0% used [0x00000000ff580000,0x00000000ff580000,0x0000000100000000)
             ParOldGen       total 175104K, used 20929K [0x00000000f0000000, 0x00000000fab00000, 0x00000000fab00000)
              object space 175104K, 11% used [0x00000000f0000000,0x00000000f1470638,0x00000000fab00000)
             Metaspace       used 125K, committed 320K, reserved 1114112K
              class space    used 4K, committed 128K, reserved 1048576K
            """;
    private static final String ZGC = """
            22806:
             ZHeap           used 42M, capacity 256M, max capacity 256M
             Metaspace       used 125K, committed 320K, reserved 1114112K
              class space    used 4K, committed 128K, reserved 1048576K
            """;
    private static final String SHENANDOAH = """
            22868:
            Shenandoah Heap
             256M max, 256M soft max, 256M committed, 21022K used
             1024 x 256K regions
            Status: not cancelled
             Metaspace       used 132K, committed 320K, reserved 1114112K
              class space    used 4K, committed 128K, reserved 1048576K
            """;

    @TempDir
    Path dir;

    @Test
    void the_heap_in_use_is_the_whole_heaps_line_or_the_sum_of_the_generations() {
        assertThat(HeapAfterGc.usedBytes(G1)).hasValue(41_997L * 1024);
        assertThat(HeapAfterGc.usedBytes(SERIAL)).hasValue((512L + 20_929L) * 1024);
        assertThat(HeapAfterGc.usedBytes(PARALLEL)).hasValue(20_929L * 1024);
        assertThat(HeapAfterGc.usedBytes(ZGC)).hasValue(42L * 1024 * 1024);
        assertThat(HeapAfterGc.usedBytes(SHENANDOAH)).hasValue(21_022L * 1024);
        assertThat(HeapAfterGc.usedBytes(" garbage-first heap   total 4G, used 2G [0x0, 0x1)"))
                .hasValue(2L * 1024 * 1024 * 1024);
    }

    @Test
    void text_without_a_heap_line_gives_no_figure() {
        assertThat(HeapAfterGc.usedBytes("")).isEmpty();
        assertThat(HeapAfterGc.usedBytes("4242:\n Metaspace       used 74K, committed 320K, reserved 1114112K\n"))
                .isEmpty();
        assertThat(HeapAfterGc.usedBytes("com.sun.tools.attach.AttachNotSupportedException: Unable to open socket"))
                .isEqualTo(OptionalLong.empty());
    }

    @Test
    void jcmd_is_taken_beside_the_running_java_then_from_java_home_then_from_the_path() throws Exception {
        Path running = Files.createDirectories(dir.resolve("running/bin"));
        Path home = Files.createDirectories(dir.resolve("home/bin"));
        executable(home.resolve("jcmd"));
        String java = running.resolve("java").toString();

        assertThat(HeapAfterGc.jcmdCommand(
                        Optional.of(java), dir.resolve("home").toString()))
                .isEqualTo(home.resolve("jcmd").toString());
        executable(running.resolve("jcmd"));
        assertThat(HeapAfterGc.jcmdCommand(
                        Optional.of(java), dir.resolve("home").toString()))
                .isEqualTo(running.resolve("jcmd").toString());
        assertThat(HeapAfterGc.jcmdCommand(Optional.empty(), null)).isEqualTo("jcmd");
        assertThat(HeapAfterGc.jcmdCommand(Optional.of("/nowhere/bin/java"), ""))
                .isEqualTo("jcmd");
    }

    @Test
    void a_running_jvm_is_measured_and_a_process_that_is_not_one_is_left_alone() throws Exception {
        HeapAfterGc heap = HeapAfterGc.ofThisJdk();
        assumeTrue(heap.canRun(), "no jcmd on this machine");
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            Files.writeString(
                    dir.resolve("gateway.pid"), ProcessHandle.current().pid() + " 0\n");
            Files.writeString(dir.resolve("postgres.pid"), sleeper.pid() + " 0\n");
            Files.writeString(dir.resolve("vector-service.pid"), "999999999 0\n");

            Map<String, Long> used = heap.measure(dir);

            assertThat(used).containsOnlyKeys("gateway");
            assertThat(used.get("gateway")).isBetween(1L, Runtime.getRuntime().totalMemory());
            // Attaching to it would have sent SIGQUIT, which ends a process that is not a JVM.
            assertThat(sleeper.isAlive()).isTrue();
        } finally {
            sleeper.destroy();
        }
    }

    private static void executable(Path file) throws Exception {
        Files.writeString(file, "#!/bin/sh\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
