package dev.engram.gateway.security;

import dev.engram.gateway.config.AuthConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import org.flywaydb.core.Flyway;
import org.jboss.logging.Logger;

/**
 * Creates or upgrades the {@code gateway} schema (projects and keys) at start, only when authentication is on:
 * with it off the gateway needs no database at all.
 */
@ApplicationScoped
public class KeyStoreSchema {

    private static final Logger LOG = Logger.getLogger(KeyStoreSchema.class);

    void migrate(@Observes StartupEvent started, AuthConfig config, Instance<Flyway> flyway) {
        if (!config.enabled()) {
            LOG.warn("Authentication is off: every request is served as the configured project without a key");
            return;
        }
        flyway.get().migrate();
        if (config.adminKey().filter(key -> !key.isBlank()).isEmpty()) {
            LOG.warn("No bootstrap admin key (engram.auth.admin-key): only API keys already stored can be used");
        } else if (config.adminKey().get().length() < 32) {
            throw new IllegalStateException("engram.auth.admin-key must be at least 32 characters");
        }
    }
}
