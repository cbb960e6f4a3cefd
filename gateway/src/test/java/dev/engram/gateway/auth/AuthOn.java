package dev.engram.gateway.auth;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Authentication on, as outside local development, with a known bootstrap key. */
public class AuthOn implements QuarkusTestProfile {

    public static final String ADMIN_KEY = "test-bootstrap-admin-key-0123456789abcdef";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("engram.auth.enabled", "true", "engram.auth.admin-key", ADMIN_KEY);
    }
}
