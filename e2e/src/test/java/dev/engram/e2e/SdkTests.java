package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an SDK's own test command against the running platform, with a project key of its own. */
final class SdkTests {

    private SdkTests() {}

    /** What the tests printed, once they passed; fails the calling test otherwise. */
    static String run(String sdk, List<String> command) throws IOException, InterruptedException {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant(sdk);
        Path output = Files.createTempFile(sdk + "-sdk", ".log");
        ProcessBuilder tests = new ProcessBuilder(command)
                .directory(
                        Path.of("..", "sdk", sdk).toAbsolutePath().normalize().toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        tests.environment().put("ENGRAM_GATEWAY", platform.gatewayUrl());
        tests.environment().put("ENGRAM_API_KEY", platform.admin().createKey(tenant.project()));
        Process run = tests.start();

        assertThat(run.waitFor(5, TimeUnit.MINUTES))
                .as("the %s SDK tests end", sdk)
                .isTrue();
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(run.exitValue()).as(printed).isZero();
        return printed;
    }
}
