package dev.engram.vector.facts.llm;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The prompt that turns new messages of a session into atomic facts, deciding against the facts already known
 * whether each is new, an update of one of them, or already known. The answer is JSON read by {@link
 * FactAnswer} rather than a typed return value, so that one malformed fact is rejected alone. Every call stands
 * alone (the known facts travel in the prompt), so no chat memory is kept.
 */
@RegisterAiService(chatMemoryProviderSupplier = RegisterAiService.NoChatMemoryProviderSupplier.class)
@ApplicationScoped
public interface FactModel {

    @SystemMessage("""
            You keep the long-term memory of a conversation as atomic facts: short statements that each say
            one thing and can be understood alone. Name people instead of using pronouns ("Maya adopted a
            beagle", not "I adopted a beagle"), and give absolute dates instead of relative ones ("on
            2023-05-07", not "yesterday"), reading them against the time each message was sent.
            For every fact the new messages state, decide:
            - "add": it is new. Give "text" and the ids of the messages it comes from in "evidence".
            - "update": it changes or completes a known fact; give that fact's "fact_id" and the new "text",
              which replaces the known one and keeps what still holds of it.
            - "skip": a known fact already says it; give that fact's "fact_id".
            Optionally give "when" (the date "YYYY-MM-DD" or the range "YYYY-MM-DD..YYYY-MM-DD" the fact is
            about) and "event" (a short name shared by the facts about one happening). Leave out greetings and
            small talk. Answer with JSON only, in this shape:
            {"facts": [{"op": "add", "text": "...", "evidence": ["message id"], "when": "2023-05-07",
              "event": "..."}]}
            """)
    @UserMessage("""
            Known facts (fact_id | dates | text):
            {known}

            New messages (id | time | speaker -> addressee: text):
            {messages}
            """)
    Result<String> write(String known, String messages);
}
