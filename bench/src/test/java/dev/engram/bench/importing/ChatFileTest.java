package dev.engram.bench.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChatFileTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ChatFile files = new ChatFile(JSON);

    @Test
    void a_jsonl_log_is_read_line_by_line_with_ids_that_stay_the_same_from_import_to_import() throws IOException {
        Path log = write("chat.jsonl", """
                {"user": "maya", "session": "s1", "role": "user", "name": "Maya", "content": "Hi!", "timestamp": "2026-03-14T18:30:00Z"}

                {"user": "maya", "session": "s1", "role": "assistant", "content": "Hello Maya.", "timestamp": "2026-03-14T18:30:05Z"}
                {"session": "s2", "role": "user", "content": "Hi!", "timestamp": "2026-03-14T18:30:00Z", "id": "own id/1"}
                {"user": "maya", "session": "s1", "role": "user", "name": "Maya", "content": "Hi!", "timestamp": "2026-03-14T18:30:00Z"}
                """);

        List<ChatMessage> messages = files.read(log, null, "leo");

        assertThat(messages).extracting(ChatMessage::userId).containsExactly("maya", "maya", "leo", "maya");
        assertThat(messages).extracting(ChatMessage::speaker).containsExactly("Maya", "assistant", "user", "Maya");
        assertThat(messages.get(0).timestamp()).isEqualTo(OffsetDateTime.parse("2026-03-14T18:30:00Z"));
        assertThat(messages.get(2).id())
                .as("a given id outside the API's alphabet becomes one made from it, scoped to its session")
                .startsWith("x-")
                .isNotEqualTo(
                        files.read(write("other.jsonl", """
                                {"user": "leo", "session": "s3", "content": "Hi!", "id": "own id/1"}
                                """), null, null).get(0).id());
        assertThat(messages.get(3).id())
                .as("the same line said twice is two messages")
                .isNotEqualTo(messages.get(0).id());
        assertThat(files.read(log, null, "leo"))
                .extracting(ChatMessage::id)
                .isEqualTo(messages.stream().map(ChatMessage::id).toList());
    }

    @Test
    void a_bad_jsonl_line_is_named_by_its_number() throws IOException {
        Path noContent = write("a.jsonl", """
                {"user": "maya", "session": "s1", "content": "fine"}
                {"user": "maya", "session": "s1", "content": " "}
                """);
        Path noUser = write("b.jsonl", "{\"session\": \"s1\", \"content\": \"hi\"}\n");
        Path badTime = write(
                "c.jsonl", "{\"user\": \"u\", \"session\": \"s1\", \"content\": \"hi\", \"timestamp\": \"May 8\"}\n");
        Path notJson = write("d.jsonl", "{\"user\": \"u\",\n");
        Path badUser = write("e.jsonl", "{\"user\": \"john doe\", \"session\": \"s1\", \"content\": \"hi\"}\n");
        Path badSession = write("f.jsonl", "{\"user\": \"john\", \"session\": \"..\", \"content\": \"hi\"}\n");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(noContent, null, null))
                .withMessage("line 2: content is missing");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(noUser, null, null))
                .withMessageContaining("line 1: user is missing");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(badTime, null, null))
                .withMessageContaining("line 1: timestamp");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(notJson, null, null))
                .withMessageContaining("line 1: not JSON");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(badUser, null, null))
                .withMessageContaining("line 1: user 'john doe' is not an id");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(badSession, null, null))
                .withMessageContaining("line 1: session '..' is not a session id");
    }

    @Test
    void a_chatgpt_export_keeps_the_thread_that_ends_at_the_current_node() throws IOException {
        ObjectNode conversation = JSON.createObjectNode();
        conversation.put("conversation_id", "c-1");
        conversation.put("current_node", "n4");
        ObjectNode mapping = conversation.putObject("mapping");
        node(mapping, "root", null, null, null, 0);
        node(mapping, "n1", "root", "system", "You are helpful.", 1_700_000_000.0);
        node(mapping, "n2", "n1", "user", "My sister lives in Porto.", 1_700_000_010.5);
        node(mapping, "n3-old", "n2", "assistant", "An answer that was regenerated.", 1_700_000_020.0);
        node(mapping, "n3", "n2", "assistant", "Porto is lovely.", 1_700_000_030.0);
        node(mapping, "n4", "n3", "user", "She teaches piano.", 1_700_000_040.0);
        Path export = write("conversations.json", JSON.writeValueAsString(List.of(conversation)));

        assertThat(files.detect(export)).isEqualTo(ChatFile.Format.CHATGPT);
        List<ChatMessage> messages = files.read(export, null, "maya");

        assertThat(messages)
                .extracting(ChatMessage::content)
                .containsExactly("My sister lives in Porto.", "Porto is lovely.", "She teaches piano.");
        assertThat(messages).extracting(ChatMessage::role).containsExactly("user", "assistant", "user");
        assertThat(messages).extracting(ChatMessage::id).containsExactly("n2-msg", "n3-msg", "n4-msg");
        assertThat(messages).allSatisfy(message -> {
            assertThat(message.userId()).isEqualTo("maya");
            assertThat(message.sessionId()).isEqualTo("chatgpt-c-1");
        });
        assertThat(messages.get(0).timestamp()).isEqualTo(OffsetDateTime.parse("2023-11-14T22:13:30.500Z"));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.read(export, null, null))
                .withMessageContaining("--user");
    }

    @Test
    void benchmark_files_are_told_apart_by_their_fields_and_anything_else_needs_a_format() throws IOException {
        assertThat(files.detect(write("l.json", "[{\"sample_id\": \"conv-1\", \"conversation\": {}}]")))
                .isEqualTo(ChatFile.Format.LOCOMO);
        assertThat(files.detect(write("m.json", "[{\"question_id\": \"q\", \"haystack_sessions\": []}]")))
                .isEqualTo(ChatFile.Format.LONGMEMEVAL);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> files.detect(write("x.json", "[{\"text\": \"hi\"}]")))
                .withMessageContaining("--format");
        assertThatIllegalArgumentException().isThrownBy(() -> ChatFile.Format.named("csv"));
    }

    @Test
    void requests_carry_one_session_each_and_at_most_a_thousand_episodes() {
        List<ChatMessage> messages = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            messages.add(message("maya", "s1", "a" + i));
        }
        messages.add(message("maya", "s2", "b"));
        messages.add(message("leo", "s2", "c"));

        List<ObjectNode> requests = ChatRequests.of(messages, JSON);

        assertThat(requests)
                .extracting(request -> request.get("episodes").size())
                .containsExactly(1000, 1, 1, 1);
        assertThat(requests)
                .extracting(request -> request.get("session_id").asText())
                .containsExactly("s1", "s1", "s2", "s2");
        assertThat(requests.get(3).get("user_id").asText()).isEqualTo("leo");
        assertThat(requests.get(3).get("episodes").get(0).has("timestamp")).isFalse();
    }

    private static ChatMessage message(String user, String session, String id) {
        return new ChatMessage(user, session, id, "Maya", null, "user", "hello", null, Map.of());
    }

    private static void node(ObjectNode mapping, String id, String parent, String role, String text, double time) {
        ObjectNode node = mapping.putObject(id);
        node.put("id", id);
        if (parent != null) {
            node.put("parent", parent);
        }
        if (role != null) {
            ObjectNode message = node.putObject("message");
            message.put("id", id + "-msg");
            message.putObject("author").put("role", role);
            message.put("create_time", time);
            ObjectNode content = message.putObject("content");
            content.put("content_type", "text");
            content.putArray("parts").add(text);
        }
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
