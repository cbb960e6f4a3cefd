package dev.engram.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts {@link ScriptedLlm}, turns the service's LLM on through its own keys (engram.llm.*) pointed at it, and
 * injects it into test fields of its type. A service's resource names the first answer and any settings of its
 * own (a timeout short enough for tests, a lease that must outlast two attempts).
 */
public abstract class ScriptedLlmResource implements QuarkusTestResourceLifecycleManager {

    public static final String MODEL = "scripted-model";
    public static final String API_KEY = "scripted-key";

    private ScriptedLlm llm;

    /** What the endpoint answers until a test tells it otherwise. */
    protected abstract String firstAnswer();

    /** Further settings of the service under test. */
    protected Map<String, String> settings() {
        return Map.of();
    }

    @Override
    public Map<String, String> start() {
        llm = new ScriptedLlm(firstAnswer());
        int port = llm.start();
        Map<String, String> config = new HashMap<>(Map.of(
                "engram.llm.enabled",
                "true",
                "engram.llm.base-url",
                "http://127.0.0.1:" + port + "/v1/",
                "engram.llm.model",
                MODEL,
                "engram.llm.api-key",
                API_KEY));
        config.putAll(settings());
        return config;
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
