package dev.engram.vector.grpc;

import dev.engram.testing.ScriptedLlm;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link ScriptedLlm}, turns the LLM fact path on through the service's own keys (engram.llm.*) pointed
 * at it, and injects it into test fields of its type.
 */
public class ScriptedLlmResource implements QuarkusTestResourceLifecycleManager {

    static final String NOTHING = "{\"facts\": []}";

    private ScriptedLlm llm;

    @Override
    public Map<String, String> start() {
        llm = new ScriptedLlm(NOTHING);
        int port = llm.start();
        return Map.of(
                "engram.llm.enabled", "true",
                "engram.llm.base-url", "http://127.0.0.1:" + port + "/v1/",
                "engram.llm.model", "scripted-model",
                "engram.llm.api-key", "scripted-key",
                "engram.llm.timeout", "2s");
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
