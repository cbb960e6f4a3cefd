package dev.engram.gateway.security;

import dev.engram.gateway.config.AuthConfig;
import dev.engram.gateway.store.ApiKeyRepository;
import dev.engram.gateway.store.StoredKey;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.MessageDigest;
import java.util.Optional;

/** Turns the {@code Authorization} header of a request into the {@link Caller}, or says why it cannot. */
@ApplicationScoped
public class Authenticator {

    private static final String BEARER = "Bearer ";
    /** Hashed when a key id is unknown, so that an unknown key costs as much as a wrong secret. */
    private static final byte[] DECOY_SALT = SecretHash.newSalt();

    private final ApiKeyRepository keys;
    private final Optional<byte[]> adminKeyHash;

    public Authenticator(ApiKeyRepository keys, AuthConfig config) {
        this.keys = keys;
        // Trimmed like a presented key: a Secret written with a trailing newline must still match.
        this.adminKeyHash = config.adminKey()
                .map(String::trim)
                .filter(key -> !key.isEmpty())
                .map(Authenticator::digest);
    }

    /** The caller, or empty when the header carries no valid, unrevoked key. */
    public Uni<Optional<Caller>> authenticate(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Uni.createFrom().item(Optional.empty());
        }
        String presented = authorization.substring(BEARER.length()).trim();
        if (isBootstrapKey(presented)) {
            return Uni.createFrom().item(Optional.of(Caller.bootstrapAdmin()));
        }
        Optional<ApiKeyToken> token = ApiKeyToken.parse(presented);
        if (token.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        return keys.find(token.get().id()).map(stored -> verify(token.get(), stored));
    }

    private static Optional<Caller> verify(ApiKeyToken token, Optional<StoredKey> stored) {
        if (stored.isEmpty()) {
            SecretHash.matches(DECOY_SALT, token.secret(), new byte[32]);
            return Optional.empty();
        }
        StoredKey key = stored.get();
        boolean secretMatches = SecretHash.matches(key.salt(), token.secret(), key.secretHash());
        if (!secretMatches || key.revoked()) {
            return Optional.empty();
        }
        return Optional.of(new Caller(key.project(), key.id(), key.scopes(), false));
    }

    /** Compares digests rather than the texts, so the comparison takes the same time whatever is presented. */
    private boolean isBootstrapKey(String presented) {
        return adminKeyHash
                .map(expected -> MessageDigest.isEqual(expected, digest(presented)))
                .orElse(false);
    }

    private static byte[] digest(String text) {
        return SecretHash.hash(new byte[0], text);
    }
}
