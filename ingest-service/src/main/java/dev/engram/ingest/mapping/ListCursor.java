package dev.engram.ingest.mapping;

import dev.engram.grpc.contract.FieldRule;
import dev.engram.ingest.model.ListPosition;
import dev.engram.proto.v1.Scope;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The opaque cursor of {@code ListEpisodes}: the last listed episode's place in session order, so
 * that the next page starts right after it even when that episode has been deleted meanwhile.
 * Encoded as URL-safe base64 of {@code v1:<pk>:<epoch microseconds>:<session id>}, versioned so that
 * the format can change without misreading cursors already handed out.
 */
public final class ListCursor {

    private static final String VERSION = "v1";
    // Every stored timestamp lies within these years (episodes are validated so); a cursor outside
    // them was not handed out here, and PostgreSQL could not even compare with it.
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999Z");
    // What AddEpisodes accepts as a session id, as the contract declares it.
    private static final Pattern SESSION_ID =
            FieldRule.of(Scope.getDescriptor().findFieldByName("session_id")).pattern();

    private ListCursor() {}

    public static String encode(ListPosition position) {
        // Not ChronoUnit.MICROS.between: it counts in nanoseconds first, which overflow beyond 292 years from 1970.
        Instant ts = position.ts();
        long micros = Math.addExact(Math.multiplyExact(ts.getEpochSecond(), 1_000_000L), ts.getNano() / 1_000);
        String plain = VERSION + ":" + position.pk() + ":" + micros + ":" + position.sessionId();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** The position a cursor names; empty when the text is not a cursor this service handed out. */
    public static Optional<ListPosition> decode(String cursor) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8).split(":", 4);
            if (parts.length != 4
                    || !parts[0].equals(VERSION)
                    || !SESSION_ID.matcher(parts[3]).matches()) {
                return Optional.empty();
            }
            long pk = Long.parseLong(parts[1]);
            Instant ts = Instant.EPOCH.plus(Long.parseLong(parts[2]), ChronoUnit.MICROS);
            if (pk < 1 || ts.isBefore(EARLIEST) || ts.isAfter(LATEST)) {
                return Optional.empty();
            }
            return Optional.of(new ListPosition(parts[3], ts, pk));
        } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
