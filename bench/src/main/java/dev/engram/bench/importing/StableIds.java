package dev.engram.bench.importing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

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

    /** The API's ids: users, agents, episodes. */
    static final Pattern ID = Pattern.compile("(?!\\.\\.?$)[A-Za-z0-9._:@-]{1,128}");
    /** The API's session ids, which may also hold '/'. */
    static final Pattern SESSION_ID = Pattern.compile("(?!\\.\\.?$)[A-Za-z0-9._:@/-]{1,128}");

    /**
     * An id of the source as an episode id: itself when the API takes it, else one made from it, so that two
     * source ids never become one.
     */
    static String fit(String id) {
        return ID.matcher(id).matches() ? id : of("x-", id);
    }
}
