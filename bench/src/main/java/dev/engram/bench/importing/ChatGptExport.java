package dev.engram.bench.importing;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code conversations.json} of a ChatGPT data export: each conversation is a tree of messages (every
 * edit or regeneration a branch), of which the thread that ends at its current node is what was said. Each
 * conversation becomes a session of the importing user; messages of the user and the assistant with text are
 * kept (system prompts, tool calls and empty nodes are not), each under its own id.
 */
final class ChatGptExport {

    private ChatGptExport() {}

    static List<ChatMessage> read(JsonNode conversations, String user) {
        if (user == null) {
            throw new IllegalArgumentException("a ChatGPT export names no user: give --user");
        }
        List<ChatMessage> messages = new ArrayList<>();
        int index = 0;
        for (JsonNode conversation : conversations) {
            index++;
            String session = sessionId(conversation, index);
            for (JsonNode node : thread(conversation)) {
                JsonNode message = node.path("message");
                String role = message.path("author").path("role").asText("");
                String text = text(message.path("content"));
                if (!(role.equals("user") || role.equals("assistant")) || text.isBlank()) {
                    continue;
                }
                double created = message.path("create_time").asDouble(0);
                OffsetDateTime timestamp = created > 0
                        ? OffsetDateTime.ofInstant(Instant.ofEpochMilli(Math.round(created * 1000)), ZoneOffset.UTC)
                        : null;
                String id = message.path("id").asText(node.path("id").asText(""));
                messages.add(new ChatMessage(
                        user,
                        session,
                        id.isEmpty() ? StableIds.of("m-", session, role, text) : StableIds.fit(id),
                        role,
                        null,
                        role,
                        text,
                        timestamp,
                        Map.of()));
            }
        }
        return messages;
    }

    private static String sessionId(JsonNode conversation, int index) {
        String id = conversation
                .path("conversation_id")
                .asText(conversation.path("id").asText(""));
        return id.isEmpty() ? "chatgpt-" + index : StableIds.fit("chatgpt-" + id);
    }

    /** The nodes from the root to the current node, in the order said; a loop in a broken file ends the walk. */
    private static List<JsonNode> thread(JsonNode conversation) {
        JsonNode mapping = conversation.path("mapping");
        String current = conversation.path("current_node").asText("");
        List<JsonNode> thread = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        while (!current.isEmpty() && mapping.has(current) && seen.add(current)) {
            JsonNode node = mapping.get(current);
            thread.add(node);
            current = node.path("parent").asText("");
        }
        Collections.reverse(thread);
        return thread;
    }

    /** The text parts of a message's content; images and other parts are left out. */
    private static String text(JsonNode content) {
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content.path("parts")) {
            if (part.isTextual() && !part.asText().isBlank()) {
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(part.asText());
            }
        }
        if (text.length() == 0 && content.path("text").isTextual()) {
            text.append(content.path("text").asText());
        }
        return text.toString();
    }
}
