package dev.engram.gateway.security;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The text of an API key: {@code egk_<id>_<secret>}. The id (16 hex digits) is public and finds the stored key;
 * the secret (32 random bytes, base64url) is shown once and only its salted hash is kept.
 */
public record ApiKeyToken(String id, String secret) {

    private static final String PREFIX = "egk_";
    private static final int ID_LENGTH = 16;
    private static final int SECRET_LENGTH = 43;
    private static final int TOKEN_LENGTH = PREFIX.length() + ID_LENGTH + 1 + SECRET_LENGTH;
    private static final SecureRandom RANDOM = new SecureRandom();

    public static ApiKeyToken generate() {
        byte[] id = new byte[ID_LENGTH / 2];
        byte[] secret = new byte[32];
        RANDOM.nextBytes(id);
        RANDOM.nextBytes(secret);
        return new ApiKeyToken(
                HexFormat.of().formatHex(id),
                Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
    }

    /** The key as a client sends it; empty for anything that cannot be a key of this format. */
    public static Optional<ApiKeyToken> parse(String text) {
        if (text == null || text.length() != TOKEN_LENGTH || !text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String id = text.substring(PREFIX.length(), PREFIX.length() + ID_LENGTH);
        String secret = text.substring(PREFIX.length() + ID_LENGTH + 1);
        if (text.charAt(PREFIX.length() + ID_LENGTH) != '_' || !isHex(id) || !isBase64Url(secret)) {
            return Optional.empty();
        }
        return Optional.of(new ApiKeyToken(id, secret));
    }

    public String text() {
        return PREFIX + id + "_" + secret;
    }

    /** Keys must never reach a log: the secret is left out. */
    @Override
    public String toString() {
        return PREFIX + id + "_***";
    }

    private static boolean isHex(String text) {
        return text.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }

    private static boolean isBase64Url(String text) {
        return text.chars()
                .allMatch(c -> (c >= '0' && c <= '9')
                        || (c >= 'a' && c <= 'z')
                        || (c >= 'A' && c <= 'Z')
                        || c == '-'
                        || c == '_');
    }
}
