package dev.engram.sdk.langchain4j;

import dev.engram.sdk.Engram;
import dev.engram.sdk.EngramException;
import dev.engram.sdk.Model.Episode;
import dev.engram.sdk.Model.EpisodeInput;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A langchain4j chat memory kept in Engram, for one user: each memory id is a session of the user. A chat's
 * messages are read back as the session's short-term memory (its most recent episodes), and every user and
 * assistant message the chat memory holds is stored as an episode, so that Engram's long-term memory (and a
 * later {@link EngramContentRetriever} search) sees the whole conversation. System messages and tool calls stay
 * with langchain4j.
 *
 * <p>Beside an {@link EngramContentRetriever}, build the AI service with {@code
 * storeRetrievedContentInChatMemory(false)}: otherwise the user's message is stored with what was recalled for it
 * appended, and Engram would remember its own recollections as if the user had said them.
 *
 * <p>A message's episode id is made from its session, its kind, its text and how many identical messages came
 * before it in the chat memory, so a message the chat memory sends again is answered duplicate, not stored twice.
 */
public final class EngramChatMemoryStore implements ChatMemoryStore {

    private static final String ASSISTANT = "assistant";
    private static final String USER = "user";

    private final Engram engram;
    private final String userId;

    public EngramChatMemoryStore(Engram engram, String userId) {
        this.engram = engram;
        this.userId = userId;
    }

    @Override
    public List<ChatMessage> getMessages(Object memoryId) {
        List<ChatMessage> messages = new ArrayList<>();
        for (Episode episode :
                engram.shortTerm(userId, String.valueOf(memoryId)).episodes()) {
            boolean assistant = ASSISTANT.equals(episode.role()) || ASSISTANT.equals(episode.producer());
            messages.add(assistant ? AiMessage.from(episode.content()) : UserMessage.from(episode.content()));
        }
        return messages;
    }

    @Override
    public void updateMessages(Object memoryId, List<ChatMessage> messages) {
        String session = String.valueOf(memoryId);
        Map<String, Integer> seen = new HashMap<>();
        List<EpisodeInput> episodes = new ArrayList<>();
        for (ChatMessage message : messages) {
            String role;
            String text;
            if (message instanceof UserMessage user && user.hasSingleText()) {
                role = USER;
                text = user.singleText();
            } else if (message instanceof AiMessage ai && ai.text() != null && !ai.hasToolExecutionRequests()) {
                role = ASSISTANT;
                text = ai.text();
            } else {
                continue;
            }
            if (text.isBlank()) {
                continue;
            }
            int occurrence = seen.merge(role + "\u0000" + text, 1, Integer::sum);
            episodes.add(new EpisodeInput(id(session, role, text, occurrence), role, null, role, text, null, null));
        }
        if (!episodes.isEmpty()) {
            engram.add(userId, session, episodes);
        }
    }

    @Override
    public void deleteMessages(Object memoryId) {
        try {
            engram.deleteSession(userId, String.valueOf(memoryId));
        } catch (EngramException e) {
            if (e.status() != 404) {
                throw e;
            }
        }
    }

    private static String id(String session, String role, String text, int occurrence) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : List.of(session, role, text, String.valueOf(occurrence))) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return "lc-" + HexFormat.of().formatHex(digest.digest()).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
