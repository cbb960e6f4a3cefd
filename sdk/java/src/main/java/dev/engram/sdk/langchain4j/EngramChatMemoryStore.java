package dev.engram.sdk.langchain4j;

import dev.engram.sdk.Engram;
import dev.engram.sdk.EngramException;
import dev.engram.sdk.Model.Episode;
import dev.engram.sdk.Model.EpisodeInput;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

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
 * <p>The messages a chat memory sends again are recognised by where the session's stored episodes end, so
 * nothing is stored twice and a message said again later ("yes", "thanks") is stored again.
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
            messages.add(
                    isAssistant(episode) ? AiMessage.from(episode.content()) : UserMessage.from(episode.content()));
        }
        return messages;
    }

    /**
     * Stores the messages the session does not hold yet. The chat memory hands over its whole window: the
     * messages it read back (the session's most recent episodes) and, after them, the new ones; the new ones are
     * those after the longest run of the window that ends like the session's stored episodes do.
     */
    @Override
    public void updateMessages(Object memoryId, List<ChatMessage> messages) {
        String session = String.valueOf(memoryId);
        List<Said> window = new ArrayList<>();
        for (ChatMessage message : messages) {
            said(message).ifPresent(window::add);
        }
        List<Said> stored = new ArrayList<>();
        for (Episode episode : engram.shortTerm(userId, session).episodes()) {
            stored.add(new Said(isAssistant(episode) ? ASSISTANT : USER, episode.content()));
        }
        List<EpisodeInput> added = new ArrayList<>();
        for (Said message : window.subList(alreadyStored(window, stored), window.size())) {
            added.add(new EpisodeInput(
                    "lc-" + UUID.randomUUID(), message.role(), null, message.role(), message.text(), null, null));
        }
        if (!added.isEmpty()) {
            engram.add(userId, session, added);
        }
    }

    /** A user or assistant message with text; system messages and tool calls stay with langchain4j. */
    private record Said(String role, String text) {}

    private static Optional<Said> said(ChatMessage message) {
        if (message instanceof UserMessage user
                && user.hasSingleText()
                && !user.singleText().isBlank()) {
            return Optional.of(new Said(USER, user.singleText()));
        }
        if (message instanceof AiMessage ai
                && ai.text() != null
                && !ai.text().isBlank()
                && !ai.hasToolExecutionRequests()) {
            return Optional.of(new Said(ASSISTANT, ai.text()));
        }
        return Optional.empty();
    }

    /** How many of the window's first messages the session already holds: they end where the stored ones end. */
    private static int alreadyStored(List<Said> window, List<Said> stored) {
        for (int end = window.size(); end > 0; end--) {
            int compared = Math.min(end, stored.size());
            boolean same = compared > 0;
            for (int k = 1; same && k <= compared; k++) {
                same = window.get(end - k).equals(stored.get(stored.size() - k));
            }
            if (same) {
                return end;
            }
        }
        return 0;
    }

    private static boolean isAssistant(Episode episode) {
        return ASSISTANT.equals(episode.role()) || ASSISTANT.equals(episode.producer());
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
}
