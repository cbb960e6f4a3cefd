package dev.engram.gateway.mapping;

import com.google.protobuf.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** ISO-8601 text of the API to and from protobuf timestamps; returned times are in UTC. */
final class Timestamps {

    private Timestamps() {}

    /** Empty when absent or not a timestamp with offset (the validator reports that). */
    static Optional<Timestamp> toProto(String iso) {
        if (iso == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(toProto(OffsetDateTime.parse(iso).toInstant()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    static Timestamp toProto(Instant instant) {
        return Timestamp.newBuilder()
                .setSeconds(instant.getEpochSecond())
                .setNanos(instant.getNano())
                .build();
    }

    static String toIso(Timestamp timestamp) {
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos())
                .toString();
    }
}
