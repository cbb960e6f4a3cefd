package dev.engram.gateway.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Salted SHA-256 of key secrets, compared in constant time. A fast hash is enough here: secrets are 256 random
 * bits, not passwords, so there is nothing for a slow hash to protect against; the salt keeps equal secrets
 * from having equal hashes.
 */
public final class SecretHash {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SecretHash() {}

    public static byte[] newSalt() {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return salt;
    }

    public static byte[] hash(byte[] salt, String secret) {
        MessageDigest digest = sha256();
        digest.update(salt);
        digest.update(secret.getBytes(StandardCharsets.UTF_8));
        return digest.digest();
    }

    /** Whether the secret hashes to the expected value; takes the same time wherever the first difference is. */
    public static boolean matches(byte[] salt, String secret, byte[] expected) {
        return MessageDigest.isEqual(hash(salt, secret), expected);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
