package dev.engram.bench.importing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.bench.Conversation;
import dev.engram.bench.LocomoDataset;
import dev.engram.bench.LongMemEvalDataset;
import dev.engram.bench.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A file of conversations in one of the formats an import reads, and its messages in the order said. */
public final class ChatFile {

    /** The formats an import reads. */
    public enum Format {
        /** LoCoMo's JSON: each sample is a user (named by its {@code sample_id}), each session a session. */
        LOCOMO,
        /** LongMemEval's JSON: each question's haystack is a user (named by its {@code question_id}). */
        LONGMEMEVAL,
        /** One JSON message per line ({@link JsonlChats}). */
        JSONL,
        /** A ChatGPT export's {@code conversations.json} ({@link ChatGptExport}). */
        CHATGPT;

        public static Format named(String name) {
            try {
                return valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "--format must be one of locomo, longmemeval, jsonl, chatgpt (was '" + name + "')", e);
            }
        }
    }

    private final ObjectMapper json;

    public ChatFile(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Every message of {@code file}, in the order said within each session.
     *
     * @param format null to tell it from the file
     * @param user the user of every message; required for a ChatGPT export, and for JSONL lines without one
     * @throws IllegalArgumentException when the file is not in the format, or a message lacks what it needs
     */
    public List<ChatMessage> read(Path file, Format format, String user) {
        Format read = format != null ? format : detect(file);
        return switch (read) {
            case JSONL -> JsonlChats.read(file, user, json);
            case CHATGPT -> ChatGptExport.read(tree(file), user);
            case LOCOMO -> benchmark(LocomoDataset.load(file).conversations(), user);
            case LONGMEMEVAL ->
                benchmark(LongMemEvalDataset.load(file, Integer.MAX_VALUE).haystacks(), user);
        };
    }

    /** The format of a file: JSONL by its name, the others by the fields of the first item of the JSON array. */
    public Format detect(Path file) {
        if (file.getFileName().toString().endsWith(".jsonl")) {
            return Format.JSONL;
        }
        JsonNode first = tree(file).path(0);
        return detect(first)
                .orElseThrow(() -> new IllegalArgumentException(
                        "cannot tell the format of " + file + "; give --format locomo|longmemeval|jsonl|chatgpt"));
    }

    private static Optional<Format> detect(JsonNode first) {
        if (first.has("conversation") && first.has("sample_id")) {
            return Optional.of(Format.LOCOMO);
        }
        if (first.has("haystack_sessions")) {
            return Optional.of(Format.LONGMEMEVAL);
        }
        if (first.has("mapping")) {
            return Optional.of(Format.CHATGPT);
        }
        return Optional.empty();
    }

    private JsonNode tree(Path file) {
        try {
            JsonNode root = json.readTree(file.toFile());
            if (root == null || !root.isArray()) {
                throw new IllegalArgumentException(file + " is not a JSON array of conversations");
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * A benchmark's conversations, each its own user unless one is given for all; then each conversation's
     * sessions and turn ids are prefixed with its id, since LongMemEval numbers every haystack's sessions anew.
     */
    private static List<ChatMessage> benchmark(List<Conversation> conversations, String user) {
        List<ChatMessage> messages = new ArrayList<>();
        for (Conversation conversation : conversations) {
            String sample = conversation.sampleId();
            String userId = user != null ? user : StableIds.fit(sample);
            for (Session session : conversation.sessions()) {
                String sessionId = user == null || session.id().startsWith(sample + "/")
                        ? session.id()
                        : sample + "/" + session.id();
                String prefix = user != null ? sample + ":" : "";
                messages.addAll(SessionMessages.of(session, userId, sessionId, diaId -> StableIds.fit(prefix + diaId)));
            }
        }
        return messages;
    }
}
