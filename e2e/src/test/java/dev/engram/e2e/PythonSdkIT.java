package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Python SDK's own tests ({@code sdk/python/tests}, standard-library unittest) against the running platform,
 * with a project key of their own: the SDK's calls, its errors, and the memory-loop example of docs/agents.md.
 */
@ExtendWith(RunningPlatform.class)
class PythonSdkIT {

    private static final Path SDK =
            Path.of("..", "sdk", "python").toAbsolutePath().normalize();

    @Test
    void the_python_sdk_passes_its_tests_against_the_platform() throws IOException, InterruptedException {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("python");
        Path output = Files.createTempFile("python-sdk", ".log");
        ProcessBuilder python = new ProcessBuilder("python3", "-m", "unittest", "discover", "-s", "tests", "-v")
                .directory(SDK.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        python.environment().put("ENGRAM_GATEWAY", platform.gatewayUrl());
        python.environment().put("ENGRAM_API_KEY", platform.admin().createKey(tenant.project()));
        Process run = python.start();

        assertThat(run.waitFor(5, TimeUnit.MINUTES)).as("the SDK tests end").isTrue();
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(run.exitValue()).as(printed).isZero();
        assertThat(printed)
                .as("every test ran against the platform")
                .doesNotContain("skipped")
                .contains("OK");
    }
}
