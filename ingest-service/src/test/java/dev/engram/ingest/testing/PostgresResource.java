package dev.engram.ingest.testing;

import dev.engram.launcher.postgres.LocalPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** A throwaway real PostgreSQL for the application under test. */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    private LocalPostgres postgres;

    @Override
    public Map<String, String> start() {
        postgres = LocalPostgres.startTemporary();
        return Map.of(
                "engram.db.host", postgres.host(),
                "engram.db.port", String.valueOf(postgres.port()),
                "engram.db.name", LocalPostgres.DATABASE,
                "quarkus.datasource.username", LocalPostgres.USER,
                "quarkus.datasource.password", LocalPostgres.PASSWORD);
    }

    @Override
    public void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }
}
