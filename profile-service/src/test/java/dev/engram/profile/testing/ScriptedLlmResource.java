package dev.engram.profile.testing;

import dev.engram.testing.ScriptedLlm;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link ScriptedLlm}, turns LLM extraction on through the service's own keys (engram.llm.*)
 * pointed at it, and injects it into test fields of its type.
 */
public class ScriptedLlmResource implements QuarkusTestResourceLifecycleManager {

    public static final String MODEL = "scripted-model";

    private ScriptedLlm llm;

    @Override
    public Map<String, String> start() {
        llm = new ScriptedLlm("{\"commands\": []}");
        int port = llm.start();
        return Map.of(
                "engram.llm.enabled", "true",
                "engram.llm.base-url", "http://127.0.0.1:" + port + "/v1/",
                "engram.llm.model", MODEL,
                "engram.llm.api-key", "scripted-key",
                "engram.llm.timeout", "3s",
                // The lease must outlast two LLM attempts.
                "engram.profile.lease", "10s");
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
