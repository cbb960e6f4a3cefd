package dev.engram.profile.testing;

import java.util.Map;

/** The scripted LLM for profile extraction; it answers no commands until told otherwise. */
public class ScriptedLlmResource extends dev.engram.testing.ScriptedLlmResource {

    @Override
    protected String firstAnswer() {
        return "{\"commands\": []}";
    }

    @Override
    protected Map<String, String> settings() {
        // The lease must outlast two LLM attempts.
        return Map.of("engram.llm.timeout", "3s", "engram.profile.lease", "10s");
    }
}
