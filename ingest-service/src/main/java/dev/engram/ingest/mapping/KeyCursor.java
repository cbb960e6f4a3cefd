package dev.engram.ingest.mapping;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The opaque cursor of a listing ordered by one text key (users by id, sessions by id): the last key listed, so that
 * the next page starts right after it even when that user or session has been deleted meanwhile. URL-safe base64 of
 * {@code <kind>:<key>}; the kind keeps a session cursor from being taken for a user cursor.
 */
public final class KeyCursor {

    private final String kind;
    private final Pattern keys;

    /** @param keys what a key of this listing may look like; a cursor naming anything else was not handed out here */
    public KeyCursor(String kind, Pattern keys) {
        this.kind = kind;
        this.keys = keys;
    }

    public String encode(String key) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((kind + ":" + key).getBytes(StandardCharsets.UTF_8));
    }

    /** The key a cursor names; empty when the text is not a cursor of this listing. */
    public Optional<String> decode(String cursor) {
        try {
            String plain = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            String prefix = kind + ":";
            if (!plain.startsWith(prefix)) {
                return Optional.empty();
            }
            String key = plain.substring(prefix.length());
            return keys.matcher(key).matches() ? Optional.of(key) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
