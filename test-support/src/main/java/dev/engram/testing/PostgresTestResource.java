package dev.engram.testing;

import dev.engram.launcher.postgres.LocalPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A throwaway real PostgreSQL for a service under {@code @QuarkusTest}; the service's Flyway
 * migrations run against it at start.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private LocalPostgres postgres;

    @Override
    public Map<String, String> start() {
        postgres = LocalPostgres.startTemporary();
        return postgres.settings().serviceConfig();
    }

    @Override
    public void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }
}
