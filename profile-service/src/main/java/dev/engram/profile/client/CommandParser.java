package dev.engram.profile.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.profile.model.CommandOp;
import dev.engram.profile.model.ProfileCommand;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the model's JSON answer into commands. The answer as a whole must be JSON with a
 * {@code commands} array (else the call failed); a single command with an unknown op or a field of
 * the wrong type is dropped and counted, the others are kept. Content checks (tags, evidence ids)
 * are the validator's.
 */
public final class CommandParser {

    /** Commands read, and how many items of the array could not be read as commands. */
    public record Parsed(List<ProfileCommand> commands, int unreadable) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final float DEFAULT_CONFIDENCE = 0.8f;

    private CommandParser() {}

    public static Parsed parse(String answer) {
        JsonNode root = readObject(answer);
        JsonNode items = root.path("commands");
        if (!items.isArray()) {
            throw new IllegalArgumentException("the LLM answer has no \"commands\" array");
        }
        List<ProfileCommand> commands = new ArrayList<>();
        int unreadable = 0;
        for (JsonNode item : items) {
            Optional<ProfileCommand> command = command(item);
            if (command.isPresent()) {
                commands.add(command.get());
            } else {
                unreadable++;
            }
        }
        return new Parsed(commands, unreadable);
    }

    private static JsonNode readObject(String answer) {
        // Models like to wrap JSON in a Markdown fence or a sentence; the object is what counts.
        int start = answer == null ? -1 : answer.indexOf('{');
        int end = answer == null ? -1 : answer.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("the LLM answer holds no JSON object");
        }
        try {
            return JSON.readTree(answer.substring(start, end + 1));
        } catch (IOException e) {
            throw new IllegalArgumentException("the LLM answer is not valid JSON: " + e.getMessage(), e);
        }
    }

    private static Optional<ProfileCommand> command(JsonNode item) {
        Optional<CommandOp> op = CommandOp.parse(item.path("op").asText(null));
        JsonNode evidence = item.path("evidence");
        JsonNode confidence = item.path("confidence");
        if (op.isEmpty() || !item.isObject() || !(evidence.isArray() || evidence.isMissingNode())) {
            return Optional.empty();
        }
        if (!confidence.isMissingNode() && !confidence.isNumber()) {
            return Optional.empty();
        }
        List<String> ids = new ArrayList<>();
        evidence.forEach(id -> ids.add(id.asText()));
        return Optional.of(new ProfileCommand(
                op.get(),
                text(item, "subject"),
                text(item, "tag"),
                text(item, "feature"),
                text(item, "value"),
                ids,
                confidence.isNumber() ? confidence.floatValue() : DEFAULT_CONFIDENCE,
                text(item, "entry_id")));
    }

    private static String text(JsonNode item, String field) {
        JsonNode value = item.get(field);
        return value == null || value.isNull() || !value.isValueNode() ? null : value.asText();
    }
}
