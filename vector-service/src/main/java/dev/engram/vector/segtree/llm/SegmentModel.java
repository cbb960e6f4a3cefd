package dev.engram.vector.segtree.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The prompt that summarizes segments of one session: the session's messages are numbered once, and each
 * segment is a run of them. The answer is JSON read by {@link SegmentAnswer}, so that one malformed summary is
 * rejected alone. Every call stands alone, so no chat memory is kept.
 */
@RegisterAiService(chatMemoryProviderSupplier = RegisterAiService.NoChatMemoryProviderSupplier.class)
@ApplicationScoped
public interface SegmentModel {

    @SystemMessage("""
            You index a conversation by topic. Its messages are numbered, and a segment is a run of them that
            keeps to one topic (segments may nest: a larger one holds smaller ones). For each segment listed,
            write one or two sentences saying what it is about: who takes part, the topic, the things, places,
            plans and dates mentioned, with people's names instead of pronouns. Write what a search for the
            topic would match; leave out greetings and small talk. Answer with JSON only, in this shape:
            {"summaries": [{"segment": "S1", "summary": "..."}]}
            """)
    @UserMessage("""
            Segments to summarize (id: first message - last message):
            {segments}

            Messages (number | time | speaker: text):
            {messages}
            """)
    Result<String> summarize(String segments, String messages);
}
