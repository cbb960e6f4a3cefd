package dev.engram.bench.importing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** Messages as {@code POST /v1/memories} bodies: consecutive messages of one session, at most 1000 each. */
public final class ChatRequests {

    /** The most episodes one add request carries. */
    public static final int MAX_EPISODES_PER_REQUEST = 1000;

    private ChatRequests() {}

    /** The bodies for {@code messages}, in their order; a request never mixes sessions. */
    public static List<ObjectNode> of(List<ChatMessage> messages, ObjectMapper json) {
        List<ObjectNode> requests = new ArrayList<>();
        ObjectNode body = null;
        ChatMessage first = null;
        for (ChatMessage message : messages) {
            if (body == null
                    || !first.sameSession(message)
                    || body.get("episodes").size() == MAX_EPISODES_PER_REQUEST) {
                first = message;
                body = json.createObjectNode();
                body.put("user_id", message.userId());
                body.put("session_id", message.sessionId());
                body.putArray("episodes");
                requests.add(body);
            }
            episode((ArrayNode) body.get("episodes"), message);
        }
        return requests;
    }

    private static void episode(ArrayNode episodes, ChatMessage message) {
        ObjectNode episode = episodes.addObject();
        episode.put("id", message.id());
        putIfPresent(episode, "producer", message.speaker());
        putIfPresent(episode, "produced_for", message.producedFor());
        putIfPresent(episode, "role", message.role());
        episode.put("content", message.content());
        if (message.timestamp() != null) {
            episode.put("timestamp", message.timestamp().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        }
        if (!message.metadata().isEmpty()) {
            ObjectNode metadata = episode.putObject("metadata");
            message.metadata().forEach(metadata::put);
        }
    }

    private static void putIfPresent(ObjectNode episode, String field, String value) {
        if (value != null && !value.isEmpty()) {
            episode.put(field, value);
        }
    }
}
