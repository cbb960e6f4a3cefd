package dev.engram.ingest.client;

import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The LLM prompt that rolls a session's summary forward. Every call stands alone: the previous
 * summary travels in the prompt, so no chat memory is kept. Called only through {@link
 * LlmSummaryClient}, which owns the thread, the timeout's consequences and the length cap.
 */
@RegisterAiService(chatMemoryProviderSupplier = RegisterAiService.NoChatMemoryProviderSupplier.class)
@ApplicationScoped
public interface SummaryModel {

    @SystemMessage("""
            You keep the running summary of one conversation: the short-term memory of an assistant.
            Merge the previous summary and the messages that just left the recent window into one new
            summary. Keep who said what, names, dates, numbers, places, decisions, plans, preferences
            and open questions; drop greetings and small talk. Turn relative dates such as "yesterday"
            into calendar dates, using the date of the message. Write plain text, oldest events first.
            Use at most {maxChars} characters. Answer with the summary alone.
            """)
    @UserMessage("""
            Previous summary:
            {previousSummary}

            Messages that left the window, oldest first:
            {messages}
            """)
    String summarize(String previousSummary, String messages, int maxChars);
}
