package dev.engram.retrieval.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link ScriptedAgentLlm}, turns the LLM on through the service's own keys (engram.llm.*) pointed
 * at it, with a short timeout so that a slow answer is tested quickly, and injects it into test
 * fields of its type.
 */
public class ScriptedLlmResource implements QuarkusTestResourceLifecycleManager {

    public static final String MODEL = "scripted-model";

    private ScriptedAgentLlm llm;

    @Override
    public Map<String, String> start() {
        llm = new ScriptedAgentLlm();
        int port = llm.start();
        return Map.of(
                "engram.llm.enabled", "true",
                "engram.llm.base-url", "http://127.0.0.1:" + port + "/v1/",
                "engram.llm.model", MODEL,
                "engram.clients.llm.deadline", "2s",
                "engram.retrieval.agent.llm.calls-per-search", "2");
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(llm, new TestInjector.MatchesType(ScriptedAgentLlm.class));
    }

    @Override
    public void stop() {
        if (llm != null) {
            llm.stop();
        }
    }
}
