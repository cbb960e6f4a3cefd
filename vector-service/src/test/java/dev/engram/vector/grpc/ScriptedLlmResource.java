package dev.engram.vector.grpc;

import java.util.Map;

/** The scripted LLM for facts; it answers no facts until told otherwise. */
public class ScriptedLlmResource extends dev.engram.testing.ScriptedLlmResource {

    static final String NOTHING = "{\"facts\": []}";

    @Override
    protected String firstAnswer() {
        return NOTHING;
    }

    @Override
    protected Map<String, String> settings() {
        // The LLM writes facts here; segment summaries have a resource of their own.
        return Map.of("engram.llm.timeout", "2s", "engram.vector.segtree.llm.enabled", "false");
    }
}
