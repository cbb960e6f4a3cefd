package dev.engram.profile.support;

import dev.engram.launcher.postgres.LocalPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** A throwaway real PostgreSQL for the test run; the application's Flyway migrations run against it. */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

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
