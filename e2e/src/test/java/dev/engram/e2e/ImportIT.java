package dev.engram.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.engram.bench.importing.ImportMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/engram import} against the running platform: a JSONL chat log and a ChatGPT export are stored and
 * searchable when it returns with --wait-indexed; importing again stores nothing twice; a file with a bad line
 * stores nothing.
 */
@ExtendWith(RunningPlatform.class)
class ImportIT {

    @TempDir
    Path dir;

    @Test
    void a_chat_log_and_a_chatgpt_export_are_imported_once_and_searchable() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("import");
        String key = platform.admin().createKey(tenant.project());
        Path log = Files.writeString(dir.resolve("chat.jsonl"), """
                {"user": "ines", "session": "s1", "role": "user", "name": "Ines", "content": "I am training for the Lisbon half marathon in October.", "timestamp": "2026-02-01T09:00:00Z"}
                {"user": "ines", "session": "s1", "role": "assistant", "content": "Great goal! How many runs a week?", "timestamp": "2026-02-01T09:00:20Z"}
                {"user": "ines", "session": "s2", "role": "user", "name": "Ines", "content": "My knee hurts after long runs.", "timestamp": "2026-02-08T09:00:00Z"}
                """);
        Path export = Files.writeString(dir.resolve("conversations.json"), """
                [{"conversation_id": "c1", "current_node": "b",
                  "mapping": {
                    "root": {"id": "root", "children": ["a"]},
                    "a": {"id": "a", "parent": "root", "message": {"id": "a", "author": {"role": "user"},
                          "create_time": 1770000000.0, "content": {"content_type": "text", "parts": ["I keep bees on my roof in Porto."]}}},
                    "b": {"id": "b", "parent": "a", "message": {"id": "b", "author": {"role": "assistant"},
                          "create_time": 1770000010.0, "content": {"content_type": "text", "parts": ["How many hives do you have?"]}}}}}]
                """);

        String first = importFile(platform, key, log, "--wait-indexed");
        assertThat(first).contains("3 stored, 0 already there, 1 users");
        assertThat(importFile(platform, key, export, "--user", "ines", "--wait-indexed"))
                .contains("2 stored, 0 already there");

        assertThat(importFile(platform, key, log)).as("a second import").contains("0 stored, 3 already there");
        Gateway gateway = tenant.gateway();
        assertThat(gateway.status("ines").getLong("stored")).isEqualTo(5);
        assertThat(gateway.search("ines", "Which race is Ines training for?", 3).getString("context"))
                .contains("half marathon");
        assertThat(gateway.search("ines", "Where does Ines keep bees?", 3).getString("context"))
                .contains("Porto");
    }

    @Test
    void a_file_with_a_bad_line_stores_nothing() throws Exception {
        RunningPlatform platform = RunningPlatform.get();
        RunningPlatform.Tenant tenant = platform.tenant("import-bad");
        String key = platform.admin().createKey(tenant.project());
        Path log = Files.writeString(dir.resolve("bad.jsonl"), """
                {"user": "ines", "session": "s1", "content": "A fine first line."}
                {"user": "ines", "session": "s1"}
                """);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> importFile(platform, key, log))
                .withMessage("line 2: content is missing");
        assertThat(tenant.gateway().status("ines").getLong("stored")).isZero();
    }

    private static String importFile(RunningPlatform platform, String key, Path file, String... options) {
        String[] args = new String[options.length + 1];
        args[0] = file.toString();
        System.arraycopy(options, 0, args, 1, options.length);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ImportMain.run(
                ImportMain.Options.parse(args, Map.of("ENGRAM_GATEWAY", platform.gatewayUrl(), "ENGRAM_API_KEY", key)),
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                false);
        return printed.toString(StandardCharsets.UTF_8);
    }
}
