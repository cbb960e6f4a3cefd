package dev.engram.vector.grpc;

import java.util.Map;

/** The scripted LLM for segment summaries, with facts left to the rules; it refuses until told otherwise. */
public class SegmentLlmResource extends dev.engram.testing.ScriptedLlmResource {

    @Override
    protected String firstAnswer() {
        return "I cannot summarize that.";
    }

    @Override
    protected Map<String, String> settings() {
        return Map.of("engram.llm.timeout", "2s", "engram.vector.graph.llm.enabled", "false");
    }
}
