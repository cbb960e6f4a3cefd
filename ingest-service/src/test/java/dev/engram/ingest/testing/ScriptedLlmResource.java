package dev.engram.ingest.testing;

/** The scripted LLM for short-term summaries; it answers a summary until told otherwise. */
public class ScriptedLlmResource extends dev.engram.testing.ScriptedLlmResource {

    @Override
    protected String firstAnswer() {
        return "scripted summary";
    }
}
