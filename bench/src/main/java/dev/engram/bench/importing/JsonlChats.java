package dev.engram.bench.importing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A chat log with one message per line, as JSON: {@code {"user": …, "session": …, "role": …, "name": …,
 * "content": …, "timestamp": …}}; {@code content} and {@code session} are required, {@code user} unless the
 * import names one, and {@code id} may give the message's own id within its session (its episode id is then
 * {@code <session>:<id>}). A message without an id gets one made from what it says and where, so that importing
 * the file again stores nothing twice.
 */
final class JsonlChats {

    private JsonlChats() {}

    static List<ChatMessage> read(Path file, String defaultUser, ObjectMapper json) {
        List<ChatMessage> messages = new ArrayList<>();
        // The same message said twice in one session at one time is two messages, told apart by its repeat count.
        Map<String, Integer> repeats = new HashMap<>();
        try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                number++;
                if (!line.isBlank()) {
                    messages.add(message(parse(line, number, json), number, defaultUser, repeats));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return messages;
    }

    private static JsonNode parse(String line, int number, ObjectMapper json) {
        try {
            JsonNode node = json.readTree(line);
            if (!node.isObject()) {
                throw new IllegalArgumentException("line " + number + ": not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("line " + number + ": not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static ChatMessage message(JsonNode line, int number, String defaultUser, Map<String, Integer> repeats) {
        String user = text(line, "user", defaultUser);
        String session = text(line, "session", null);
        String content = text(line, "content", null);
        if (user == null) {
            throw new IllegalArgumentException("line " + number + ": user is missing (or give --user)");
        }
        if (session == null) {
            throw new IllegalArgumentException("line " + number + ": session is missing");
        }
        if (content == null || content.isBlank()) {
            throw new IllegalArgumentException("line " + number + ": content is missing");
        }
        if (!StableIds.ID.matcher(user).matches()) {
            throw new IllegalArgumentException("line " + number + ": user '" + user
                    + "' is not an id (1-128 characters of A-Z a-z 0-9 . _ : @ -, other than . and ..)");
        }
        if (!StableIds.SESSION_ID.matcher(session).matches()) {
            throw new IllegalArgumentException("line " + number + ": session '" + session
                    + "' is not a session id (1-128 characters of A-Z a-z 0-9 . _ : @ - /, other than . and ..)");
        }
        String role = text(line, "role", null);
        String name = text(line, "name", null);
        String time = text(line, "timestamp", null);
        OffsetDateTime timestamp;
        try {
            timestamp = time == null ? null : OffsetDateTime.parse(time);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "line " + number + ": timestamp is not ISO-8601 with an offset: " + time, e);
        }
        String given = text(line, "id", null);
        String id;
        if (given != null) {
            // A log may number the messages of each session from 1; the API's ids are the user's.
            id = StableIds.fit(session + ":" + given);
        } else {
            String key = String.join(
                    "\u0000", user, session, String.valueOf(role), String.valueOf(name), content, String.valueOf(time));
            int repeat = repeats.merge(key, 1, Integer::sum);
            id = StableIds.of("m-", user, session, role, name, content, time, String.valueOf(repeat));
        }
        return new ChatMessage(user, session, id, name != null ? name : role, null, role, content, timestamp, Map.of());
    }

    private static String text(JsonNode line, String field, String fallback) {
        JsonNode value = line.get(field);
        return value == null || value.isNull() ? fallback : value.asText();
    }
}
