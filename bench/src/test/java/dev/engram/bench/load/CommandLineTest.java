package dev.engram.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void plain_arguments_are_written_as_given() {
        assertThat(CommandLine.render(new String[] {"--clients", "4", "--gateway", "http://127.0.0.1:8080"}))
                .isEqualTo("bin/engram-load --clients 4 --gateway http://127.0.0.1:8080");
        assertThat(CommandLine.render(new String[0])).isEqualTo("bin/engram-load");
    }

    @Test
    void arguments_a_shell_would_split_are_quoted() {
        assertThat(CommandLine.render(new String[] {"--out", "my results/run 1", "--data", "it's.json"}))
                .isEqualTo("bin/engram-load --out 'my results/run 1' --data 'it'\\''s.json'");
    }

    @Test
    void the_api_key_is_never_written() {
        assertThat(CommandLine.render(new String[] {"--api-key", "sk-secret", "--clients", "2"}))
                .isEqualTo("bin/engram-load --api-key <hidden> --clients 2")
                .doesNotContain("sk-secret");
    }
}
