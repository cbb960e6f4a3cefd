package dev.engram.retrieval.rerank.crossencoder;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Runs a {@link ScriptedRerankServer} and configures the application's cross-encoder to use it. */
public class RerankServerResource implements QuarkusTestResourceLifecycleManager {

    private ScriptedRerankServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = new ScriptedRerankServer();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the scripted rerank server", e);
        }
        return Map.of(
                "engram.retrieval.cross-encoder.url",
                server.url().toString(),
                "engram.retrieval.cross-encoder.model",
                "ms-marco-MiniLM-L-6-v2");
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(server, new TestInjector.MatchesType(ScriptedRerankServer.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
        }
    }
}
