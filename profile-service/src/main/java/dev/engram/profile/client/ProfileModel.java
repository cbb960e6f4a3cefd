package dev.engram.profile.client;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The prompt that turns a batch of episodes into profile commands. The answer is JSON read by
 * {@link CommandParser} rather than a typed return value: a typed return would fail the whole batch
 * on one malformed command, while each command must be accepted or rejected on its own. Every call
 * stands alone (the current profile travels in the prompt), so no chat memory is kept.
 */
@RegisterAiService(chatMemoryProviderSupplier = RegisterAiService.NoChatMemoryProviderSupplier.class)
@ApplicationScoped
public interface ProfileModel {

    @SystemMessage("""
            You maintain the long-term profiles of the people in a conversation: facts about each person
            (the subject), as entries "tag / feature = value". Allowed tags: {tags}.
            From the new messages, emit commands that change the profiles:
            - "add": a further value of a feature (another hobby, another sibling).
            - "update": a new value that replaces the current value of a feature (moved to a new city,
              changed job); the old value is kept as history automatically.
            - "delete": a current entry no longer holds; give its "entry_id".
            Only state what a speaker says about themself or about a person they name; never guess.
            Use the speaker's name as subject for first-person statements. Do not repeat entries that
            are already in the current profile. Every command cites the ids of the messages it comes
            from in "evidence". Answer with JSON only, in this shape:
            {"commands": [{"op": "add", "subject": "...", "tag": "...", "feature": "...", "value": "...",
              "evidence": ["message id"], "confidence": 0.9}]}
            Answer {"commands": []} when there is nothing to record.
            """)
    @UserMessage("""
            Current profile (one entry per line: entry_id | subject | tag | feature = value):
            {profile}

            New messages (id | time | speaker: text):
            {messages}
            """)
    Result<String> extract(String tags, String profile, String messages);
}
