package dev.engram.gateway.mapping;

import com.google.protobuf.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;

/** ISO-8601 text of the API to and from protobuf timestamps; returned times are in UTC. */
final class Timestamps {

    private Timestamps() {}

    /** Parses a timestamp the validator has already accepted. */
    static Timestamp toProto(String iso) {
        return toProto(OffsetDateTime.parse(iso).toInstant());
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

    /** Protobuf strings cannot be null; absent optional fields travel as empty strings. */
    static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }
}
