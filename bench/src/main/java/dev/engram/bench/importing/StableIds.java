package dev.engram.bench.importing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Episode ids for messages whose source gives none, and source ids made fit for the API's id alphabet. */
final class StableIds {

    private StableIds() {}

    /** The same parts always give the same id, so a second import of a file is answered duplicate. */
    static String of(String prefix, String... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                digest.update((part == null ? "" : part).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return prefix + HexFormat.of().formatHex(digest.digest()).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** An id of the source with anything outside the API's id alphabet replaced. */
    static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._:@-]", "-");
    }
}
