package dev.engram.ingest.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link VectorServiceDouble} on a free port, points the {@code vector} client at it, and
 * injects it into test fields of its type.
 */
public class VectorServiceDoubleResource implements QuarkusTestResourceLifecycleManager {

    private VectorServiceDouble vector;

    @Override
    public Map<String, String> start() {
        vector = new VectorServiceDouble();
        String port = String.valueOf(vector.start());
        // In test mode Quarkus points every client at the application itself unless test-port is set.
        return Map.of(
                "quarkus.grpc.clients.vector.host", "127.0.0.1",
                "quarkus.grpc.clients.vector.port", port,
                "quarkus.grpc.clients.vector.test-port", port);
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(vector, new TestInjector.MatchesType(VectorServiceDouble.class));
    }

    @Override
    public void stop() {
        if (vector != null) {
            try {
                vector.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
