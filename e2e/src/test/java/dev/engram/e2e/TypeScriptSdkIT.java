package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The TypeScript SDK's own tests ({@code sdk/typescript/test}, node's test runner) against the running platform:
 * the SDK's calls, its errors, and the memory-loop example of docs/agents.md.
 */
@ExtendWith(RunningPlatform.class)
class TypeScriptSdkIT {

    @Test
    void the_typescript_sdk_passes_its_tests_against_the_platform() throws Exception {
        String printed = SdkTests.run("typescript", List.of("node", "--test", "test/"));

        assertThat(printed).as("every test ran against the platform").contains("# pass 8", "# fail 0", "# skipped 0");
    }
}
