package dev.engram.gateway.store;

import dev.engram.gateway.security.Scope;
import java.time.OffsetDateTime;
import java.util.Set;

/** An API key as stored: everything but the secret, which exists only as {@code secretHash}. */
public record StoredKey(
        String id,
        String project,
        String name,
        Set<Scope> scopes,
        byte[] salt,
        byte[] secretHash,
        OffsetDateTime createdAt,
        OffsetDateTime revokedAt) {

    public boolean revoked() {
        return revokedAt != null;
    }
}
