package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Python SDK's own tests ({@code sdk/python/tests}, standard-library unittest) against the running platform:
 * the SDK's calls, its errors, and the memory-loop example of docs/agents.md.
 */
@ExtendWith(RunningPlatform.class)
class PythonSdkIT {

    @Test
    void the_python_sdk_passes_its_tests_against_the_platform() throws Exception {
        String printed = SdkTests.run("python", List.of("python3", "-m", "unittest", "discover", "-s", "tests", "-v"));

        assertThat(printed)
                .as("every test ran against the platform")
                .doesNotContain("skipped")
                .contains("OK");
    }
}
