package dev.engram.ingest.testing;

import dev.engram.testing.ScriptedLlm;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link ScriptedLlm}, turns the LLM on through the service's own keys (engram.llm.*) pointed
 * at it, and injects it into test fields of its type.
 */
public class ScriptedLlmResource implements QuarkusTestResourceLifecycleManager {

    public static final String MODEL = "scripted-model";
    public static final String API_KEY = "scripted-key";

    private ScriptedLlm llm;

    @Override
    public Map<String, String> start() {
        llm = new ScriptedLlm("scripted summary");
        int port = llm.start();
        return Map.of(
                "engram.llm.enabled",
                "true",
                "engram.llm.base-url",
                "http://127.0.0.1:" + port + "/v1/",
                "engram.llm.model",
                MODEL,
                "engram.llm.api-key",
                API_KEY);
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(llm, new TestInjector.MatchesType(ScriptedLlm.class));
    }

    @Override
    public void stop() {
        if (llm != null) {
            llm.stop();
        }
    }
}
