package dev.engram.ingest.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts {@link ProfileServiceDouble} on a free port, turns profile delivery on, points the
 * {@code profile} client at the double, and injects it into test fields of its type.
 */
public class ProfileServiceDoubleResource implements QuarkusTestResourceLifecycleManager {

    private ProfileServiceDouble profile;

    @Override
    public Map<String, String> start() {
        profile = new ProfileServiceDouble();
        String port = String.valueOf(profile.start());
        return Map.of(
                "engram.profile.enabled",
                "true",
                "quarkus.grpc.clients.profile.host",
                "127.0.0.1",
                "quarkus.grpc.clients.profile.port",
                port,
                "quarkus.grpc.clients.profile.test-port",
                port);
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(profile, new TestInjector.MatchesType(ProfileServiceDouble.class));
    }

    @Override
    public void stop() {
        if (profile != null) {
            try {
                profile.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
