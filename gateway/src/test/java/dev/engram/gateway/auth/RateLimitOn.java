package dev.engram.gateway.auth;

import java.util.Map;

/** Authentication on with a rate low enough to reach in a test: 1 request per second, 3 at once. */
public class RateLimitOn extends AuthOn {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "engram.auth.enabled", "true",
                "engram.auth.admin-key", ADMIN_KEY,
                "engram.auth.rate-limit.requests-per-second", "1",
                "engram.auth.rate-limit.burst", "3");
    }
}
