package dev.engram.bench.importing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramIngest;
import dev.engram.bench.RunIds;
import dev.engram.sdk.Engram;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sends messages to the gateway in add requests of one session each, counting what was stored and what the
 * platform already had: the ids are stable, so an import interrupted and run again sends everything and
 * stores only what is missing.
 */
public final class ChatImport {

    /** What an import did. */
    public record Outcome(int created, int duplicates, int requests, int users) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engram gateway;

    public ChatImport(Engram gateway) {
        this.gateway = gateway;
    }

    /**
     * @param waitIndexed whether to return only once every user's episodes are searchable
     * @param progress told how many messages were sent after each request
     */
    public Outcome run(List<ChatMessage> messages, boolean waitIndexed, ImportProgress progress) {
        long started = System.nanoTime();
        List<ObjectNode> requests = ChatRequests.of(messages, JSON);
        Map<String, Integer> perUser = new LinkedHashMap<>();
        int created = 0;
        int duplicates = 0;
        int sent = 0;
        for (ObjectNode request : requests) {
            JsonNode answer = gateway.request("POST", "v1/memories", Map.of(), request);
            for (JsonNode outcome : answer.path("episodes")) {
                if ("created".equals(outcome.path("status").asText())) {
                    created++;
                } else {
                    duplicates++;
                }
            }
            int count = request.get("episodes").size();
            sent += count;
            perUser.merge(request.get("user_id").asText(), count, Integer::sum);
            progress.update(sent);
        }
        if (waitIndexed && !perUser.isEmpty()) {
            // Each user holds at least what was sent for it now; the platform may have more from before.
            new EngramIngest(gateway, new RunIds("import")).awaitSearchable(perUser, started);
        }
        return new Outcome(created, duplicates, requests.size(), perUser.size());
    }
}
